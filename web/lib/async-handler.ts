/**
 * An async function given where React expects a void handler (onClick, onSubmit, a child's onDone callback).
 * The promise is let go exactly as React lets it go when handed the async function itself, so a rejection still
 * surfaces as it did before (an unhandled rejection, reported in the browser's console);
 * the wrapper only says it on purpose, which the linter's no-misused-promises rule asks for
 * (docs/decisions/138-linter-and-boundaries.md).
 */
export function asyncHandler<A extends unknown[]>(fn: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args) => {
    void fn(...args);
  };
}
