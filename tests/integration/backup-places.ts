import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type BackupLocation, FolderBackupLocation, S3BackupLocation } from "~/server/backup/backup-location.server";
import { type BillStorage, LocalBillStorage } from "~/server/storage/bill-storage.server";
import { startTestS3, type TestS3 } from "~/server/storage/s3-test-server";

export type StorageKind = "local" | "s3";
export const STORAGE_KINDS: readonly StorageKind[] = ["local", "s3"];

export const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));

/**
 * Bill storages and backup locations of either kind, each new and empty: a folder, or a prefix of
 * the file's own S3 stand-in (started before its tests, stopped after them).
 */
export function backupPlaces(bucket: string) {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3(bucket);
  });
  afterAll(async () => {
    await s3?.close();
  });
  return {
    storageOf(kind: StorageKind, name: string): BillStorage {
      return kind === "local"
        ? new LocalBillStorage(tmp(`bills-${name}`))
        : s3.storage({ prefix: `${name}-${Date.now()}` });
    },
    locationOf(kind: StorageKind): BackupLocation {
      return kind === "local"
        ? new FolderBackupLocation(tmp("backups"))
        : new S3BackupLocation(s3.bucket, `backups-${Date.now()}/`, {
            S3_REGION: "us-east-1",
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: "S3RVER",
            S3_SECRET_ACCESS_KEY: "S3RVER",
          });
    },
  };
}
