// The dev login the benchmark scripts share: POST /auth/dev as a demo user.

/** Signs in as email at base and returns the session cookie ("portico_session=value"), or null. */
export async function devSession(base, email) {
  const response = await fetch(`${base}/auth/dev`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ email }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('portico_session=') && pair.length > 'portico_session='.length);
  return { cookie: cookie ?? null, status: response.status };
}
