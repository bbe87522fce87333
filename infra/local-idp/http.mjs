// The few HTTP pieces the local provider's own pages and endpoints share (oidc-provider answers the rest).

/** Text made safe inside HTML (and its attributes). */
export const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function html(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

/** A posted form (application/x-www-form-urlencoded), at most 10,000 characters. */
export async function formBody(req) {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 10_000) throw new Error('form too large');
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
