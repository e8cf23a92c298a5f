import { integer } from "drizzle-orm/sqlite-core";

/** Instants are integer milliseconds since the Unix epoch, always UTC. */
export const instant = (name: string) => integer(name, { mode: "number" });

/** Money is integer cents; the column name ends in _cents so nobody mistakes it for dollars. */
export const cents = (name: string) => integer(name, { mode: "number" });

/** created_at, set by the writer (no DB clock: time is an input everywhere). */
export const createdAt = () => instant("created_at").notNull();
