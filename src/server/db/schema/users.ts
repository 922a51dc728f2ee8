import type { Timestamp } from './columns.ts';

export interface UserAvatarsTable {
  user_id: string;
  content_type: string;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

/** The tables the users module owns (db/schema/ownership.ts). Profile pictures. */
export interface UsersTables {
  user_avatars: UserAvatarsTable;
}
