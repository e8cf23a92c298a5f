/**
 * File storage on the MEDIA R2 bucket. Locally wrangler/miniflare keep the bucket on disk under .wrangler,
 * so the same code runs offline and in production. Keys are served at /media/<key>.
 */
export interface StoredFile {
  key: string;
  url: string;
}

export async function putFile(env: Env, key: string, bytes: ArrayBuffer, contentType: string): Promise<StoredFile> {
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, url: `/media/${key}` };
}

export async function getFile(env: Env, key: string): Promise<R2ObjectBody | null> {
  return env.MEDIA.get(key);
}
