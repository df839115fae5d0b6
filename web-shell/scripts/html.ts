/** Text made safe for HTML content and attribute values (the pre-rendered pages' texts come from catalogues). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
