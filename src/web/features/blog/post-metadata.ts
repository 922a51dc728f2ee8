import dayjs from 'dayjs';

/** A comfortable pace for technical prose; the estimate is rounded up to whole minutes. */
const WORDS_PER_MINUTE = 220;

export function countWords(markdown: string): number {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|]/g, ' ')
    .replace(/(^|\s)-+(?=\s)/g, ' ')
    .trim();
  return prose ? prose.split(/\s+/).length : 0;
}

export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

/** "2026-09-14" → "September 14, 2026"; anything that is not a date is shown as written. */
export function formatPostDate(isoDay: string): string {
  const day = dayjs(isoDay, 'YYYY-MM-DD');
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) && day.isValid() ? day.format('MMMM D, YYYY') : isoDay;
}
