import { describe, expect, it } from 'vitest';
import { isShedable } from './load-shedding.ts';

const request = (url: string, headers: Record<string, string> = {}, route = url.split('?')[0]) => ({
  url,
  headers,
  routeOptions: { url: route },
});

describe('which requests count against the bound on work in flight', () => {
  it('counts API requests, whatever their Upgrade header says, but not the chat socket nor health', () => {
    expect(isShedable(request('/api/users/me'))).toBe(true);
    expect(isShedable(request('/api/users/me', { upgrade: 'h2c' }))).toBe(true);
    expect(isShedable(request('/api/users/me', { upgrade: 'websocket' }))).toBe(true);
    expect(isShedable(request('/api/chat?inbox=1', { upgrade: 'websocket' }))).toBe(false);
    expect(isShedable(request('/api/chat', { upgrade: 'WebSocket' }))).toBe(false);
    expect(isShedable(request('/api/health'))).toBe(false);
    expect(isShedable(request('/assets/app.js'))).toBe(false);
  });
});
