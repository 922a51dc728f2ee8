/** Just enough XML writing for AWS responses: escaped text, nested elements, lists of <item>. */

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export type XmlContent = string | number | boolean | Date | undefined | null | XmlContent[] | XmlElements;
export interface XmlElements {
  [name: string]: XmlContent;
}

function contentToXml(content: XmlContent): string {
  if (content === undefined || content === null) return '';
  if (content instanceof Date) return content.toISOString();
  if (Array.isArray(content)) return content.map(contentToXml).join('');
  if (typeof content === 'object') return elements(content);
  return escapeXml(String(content));
}

/**
 * Elements in key order; undefined values are left out, as AWS omits empty members. An array value
 * repeats the element once per entry (S3's flattened <Contents> lists).
 */
export function elements(members: XmlElements): string {
  return Object.entries(members)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) =>
      (Array.isArray(value) ? value : [value])
        .map((entry) => `<${name}>${contentToXml(entry)}</${name}>`)
        .join(''),
    )
    .join('');
}

/** EC2-style wrapped list: <set><item>..</item><item>..</item></set>. */
export function items(entries: XmlElements[]): XmlElements {
  return { item: entries };
}

export function xmlDocument(root: string, namespace: string, members: XmlElements): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${namespace}">${elements(members)}</${root}>`;
}
