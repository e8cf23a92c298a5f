import { and, desc, eq, isNull, notInArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { uploads } from "../../schema/tables/operations";

/**
 * When this owner last uploaded the same bytes (a live upload with this SHA-256), or null: the duplicate
 * check of docs/product.md section 5 ("File upload") reads it for profile photos and pros' files alike.
 */
export async function previousUploadAt(
  db: DrizzleD1Database,
  ownerUserId: number,
  sha256: string,
  /** Uploads that are not repeats for this use (a pro's application photo, set as their photo). */
  exceptUploadIds: readonly number[] = [],
): Promise<number | null> {
  const [previous] = await db
    .select({ created_at: uploads.created_at })
    .from(uploads)
    .where(
      and(
        eq(uploads.owner_user_id, ownerUserId),
        eq(uploads.sha256, sha256),
        isNull(uploads.deleted_at),
        exceptUploadIds.length ? notInArray(uploads.upload_id, [...exceptUploadIds]) : undefined,
      ),
    )
    .orderBy(desc(uploads.created_at))
    .limit(1);
  return previous?.created_at ?? null;
}
