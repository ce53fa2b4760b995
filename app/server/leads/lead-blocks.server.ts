import { and, desc, eq, or } from "drizzle-orm";
import freeMailDomains from "email-providers/all.json";
import type { AppDatabase } from "../db/client.server";
import { leadBlocks } from "../db/schema";

/** Blocked senders' forms are quietly refused (decision 0034); a free-mail domain is never blocked whole. */
export type BlockKind = "address" | "domain";
export type LeadBlock = typeof leadBlocks.$inferSelect;

const FREE_MAIL = new Set<string>(freeMailDomains);

export function senderOf(email: string): { address: string; domain: string } {
  const address = email.trim().toLowerCase();
  return { address, domain: address.slice(address.lastIndexOf("@") + 1) };
}

export const isFreeMailDomain = (domain: string): boolean => FREE_MAIL.has(domain.toLowerCase());

export function blocksOf(db: AppDatabase, email: string): Promise<LeadBlock[]> {
  const { address, domain } = senderOf(email);
  return db
    .select()
    .from(leadBlocks)
    .where(
      or(
        and(eq(leadBlocks.kind, "address"), eq(leadBlocks.value, address)),
        and(eq(leadBlocks.kind, "domain"), eq(leadBlocks.value, domain)),
      ),
    );
}

export async function isBlockedSender(db: AppDatabase, email: string): Promise<boolean> {
  return (await blocksOf(db, email)).length > 0;
}

export async function addBlock(
  db: AppDatabase,
  input: { kind: BlockKind; email: string; by: string; leadId: string },
): Promise<{ ok: true; block: LeadBlock; added: boolean } | { ok: false; reason: "free-mail" }> {
  const { address, domain } = senderOf(input.email);
  if (input.kind === "domain" && isFreeMailDomain(domain)) return { ok: false, reason: "free-mail" };
  const value = input.kind === "domain" ? domain : address;
  const [added] = await db
    .insert(leadBlocks)
    .values({ kind: input.kind, value, createdBy: input.by, leadId: input.leadId })
    .onConflictDoNothing()
    .returning();
  if (added) return { ok: true, block: added, added: true };
  const [existing] = await db
    .select()
    .from(leadBlocks)
    .where(and(eq(leadBlocks.kind, input.kind), eq(leadBlocks.value, value)));
  if (!existing) throw new Error("Block neither added nor found");
  return { ok: true, block: existing, added: false };
}

export async function liftBlock(db: AppDatabase, id: string): Promise<LeadBlock | null> {
  const [row] = await db.delete(leadBlocks).where(eq(leadBlocks.id, id)).returning();
  return row ?? null;
}

export function listBlocks(db: AppDatabase): Promise<LeadBlock[]> {
  return db.select().from(leadBlocks).orderBy(desc(leadBlocks.createdAt), desc(leadBlocks.id));
}
