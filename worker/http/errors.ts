import { catalogue, type ApiErrorBody, type MessageCode } from "../../domain/messages";

/**
 * The one error type handlers throw. It carries a catalogue code; `onError` (worker/app.ts) turns it into
 * `{ error: { code, message } }` with the code's HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: MessageCode,
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.name = "AppError";
  }

  get status(): number {
    return catalogue[this.code].status;
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { error: { code: this.code, message: catalogue[this.code].text } };
    if (this.fields) body.error.fields = this.fields;
    return body;
  }
}

export function fail(code: MessageCode, fields?: Record<string, string>): never {
  throw new AppError(code, fields);
}
