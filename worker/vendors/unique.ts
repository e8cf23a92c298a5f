/**
 * Runs a write and reports whether it lost to a unique index (the database's answer to two requests racing
 * for the same "at most one" row). Other errors pass through.
 */
export async function isUniqueViolation(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return false;
  } catch (err) {
    const text = `${String(err)} ${String((err as { cause?: unknown })?.cause ?? "")}`;
    if (/UNIQUE constraint failed/i.test(text)) return true;
    throw err;
  }
}
