import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import { uploadRefusalMessage } from './upload-refusal.ts';

describe('why an upload was refused', () => {
  it('says it without the name of the field the API gives', () => {
    const empty = new ApiRequestError(400, 'ValidationError', 'file: the uploaded file is empty.');
    expect(uploadRefusalMessage(empty)).toBe('The uploaded file is empty.');
  });

  it('keeps any other message as it is, and a proxy’s text too', () => {
    const held = new ApiRequestError(409, 'Conflict', 'A sync is running; upload again when it ends.');
    expect(uploadRefusalMessage(held)).toBe('A sync is running; upload again when it ends.');
    expect(uploadRefusalMessage('request entity too large')).toBe('Request entity too large');
  });
});
