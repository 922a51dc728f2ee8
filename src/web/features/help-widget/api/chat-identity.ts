/** Who the help widget chats as: a signed-in person, or a visitor (the shared demo account chats as one). */
export type ChatIdentity = { kind: 'user'; userId: string } | { kind: 'visitor' };

export const chatIdentityKey = (identity: ChatIdentity) =>
  identity.kind === 'user' ? `user:${identity.userId}` : 'visitor';
