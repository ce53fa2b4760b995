import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { session } from "../db/schema";

export type SessionRow = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export async function listSessions(db: AppDatabase, userId: string): Promise<SessionRow[]> {
  return db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
}

export async function endSessions(
  db: AppDatabase,
  userId: string,
  which: { id: string } | { allBut: string } | "all",
): Promise<number> {
  const mine = eq(session.userId, userId);
  const where =
    which === "all"
      ? mine
      : "id" in which
        ? and(mine, eq(session.id, which.id))
        : and(mine, ne(session.id, which.allBut));
  return (await db.delete(session).where(where).returning({ id: session.id })).length;
}
