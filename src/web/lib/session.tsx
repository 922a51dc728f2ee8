import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { Viewer } from '../../domain/route-access.ts';
import { isSupportStaff } from '../../domain/support-staff.ts';
import { rejectionMessage } from './api-client.ts';
import { type CurrentUser, fetchCurrentUser, signOutCurrentSession } from './current-user.ts';
import { queryKeys } from './query-keys.ts';

/** The session is idle, pending, resolved (with the user) or rejected (with a message). */
export type SessionState =
  | { status: 'pending' }
  | { status: 'resolved'; user: CurrentUser | null }
  | { status: 'rejected'; error: string };

interface SessionValue {
  state: SessionState;
  viewer: Viewer;
  user: CurrentUser | null;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);
/** A rejected session is not a visitor: the layout shows the failure and keeps the token. */
export function viewerOf(state: SessionState): Viewer {
  if (state.status === 'pending' || state.status === 'rejected') return { kind: 'loading' };
  if (!state.user) return { kind: 'visitor' };
  const { user } = state;
  return {
    kind: 'signed-in',
    emailVerified: user.email_verified,
    role: user.role,
    isOwner: user.role === 'owner' || Boolean(user.stripe_customer_id),
    isSupportStaff: isSupportStaff(user.platform_role),
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchCurrentUser,
    retry: 1,
    staleTime: 60_000,
  });

  const state: SessionState = query.isPending
    ? { status: 'pending' }
    : query.isError
      ? { status: 'rejected', error: rejectionMessage(query.error) }
      : { status: 'resolved', user: query.data };

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [queryClient]);

  // Sign-out clears the session, re-checks the auth status and lands on /. A fresh page
  // load does all three and leaves nothing of the previous person in memory.
  const signOut = useCallback(async () => {
    await signOutCurrentSession();
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);

  const user = state.status === 'resolved' ? state.user : null;
  const value = useMemo(
    () => ({ state, viewer: viewerOf(state), user, refresh, signOut }),
    [state, user, refresh, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a <SessionProvider>');
  return value;
}
