import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { canSubmitEmail, emailFieldError } from '../../../lib/email-field.ts';

/** A visitor gives an e-mail first; submit stays disabled until it is non-empty and valid. */
export function VisitorEmailForm({ canSend, onSubmit }: { canSend: boolean; onSubmit(email: string): void }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = email.trim();
  const valid = canSubmitEmail(trimmed);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && canSend) onSubmit(trimmed);
      }}
    >
      <Stack gap="xs">
        <Text size="sm">Leave your e-mail so we can answer you, even after you close this page.</Text>
        <TextInput
          label="Your e-mail"
          type="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? emailFieldError(trimmed) : undefined}
        />
        <Button type="submit" disabled={!valid || !canSend}>
          Start chat
        </Button>
      </Stack>
    </form>
  );
}
