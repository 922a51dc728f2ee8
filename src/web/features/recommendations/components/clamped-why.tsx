import { Anchor, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The reason a finding was flagged, held to two lines so rows keep one height; "more" shows it whole.
 * The link appears only when the text is actually cut.
 */
export function ClampedWhy({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && !open) setCut(element.scrollHeight > element.clientHeight + 1);
  }, [open]);
  return (
    <div>
      <Text ref={ref} size="xs" lineClamp={open ? undefined : 2}>
        {text}
      </Text>
      {(cut || open) && (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)}>
          {open ? 'less' : 'more'}
        </Anchor>
      )}
    </div>
  );
}
