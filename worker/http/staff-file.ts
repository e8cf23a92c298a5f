/**
 * A file shown to staff deciding something (an application's photo and licences, a licence under review):
 * inline, never cached by anyone, and never sniffed into another type.
 */
export function staffFileResponse(file: { body: BodyInit | null; contentType: string }): Response {
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    },
  });
}
