// The portal's forms as a browser posts them: the page's cookies and CSRF field first, then the form with them.

/** Posts `form` to `path` (under /portal or /account) of the service at `base`; the page comes back without its CSRF token. */
export async function submitForm(
  base: string,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; page: string; ms: number }> {
  const page = await fetch(`${base}${path.startsWith('/portal') ? '/portal' : '/account'}`);
  const cookies = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, _csrf: csrf }).toString(),
    redirect: 'manual',
  });
  const html = await res.text();
  // The page without what differs from one visit to the next (the CSRF token).
  return { status: res.status, page: html.replace(/name="_csrf" value="[^"]+"/g, ''), ms: performance.now() - started };
}
