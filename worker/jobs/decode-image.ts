/**
 * The pixel decode of an uploaded picture lives with the one image decoder, worker/uploads/decode-image.ts
 * (decision 125): it checks the declared size and bounds inflation before any pixel is decoded. This name
 * stays for the callers that decode a picture's pixels by its bytes alone.
 */
export { decodePicturePixels as decodeImage, MAX_DECODE_PIXELS as MAX_PIXELS } from "../uploads/decode-image";
