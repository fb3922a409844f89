/** HMAC-SHA256 signatures of expiring file URLs. */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signature covers. */
export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const payload = (r: SignedRequest) => `${r.method}\n${r.key}\n${r.exp}`;

/** Sign a request. */
export function sign(secret: string, r: SignedRequest): string {
  return createHmac('sha256', secret).update(payload(r)).digest('base64url');
}

/** Check a signature and expiry (constant-time compare). */
export function verify(secret: string, r: SignedRequest, sig: string, nowSec = Math.floor(Date.now() / 1000)): 'ok' | 'expired' | 'bad' {
  const expected = Buffer.from(sign(secret, r));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
  return r.exp < nowSec ? 'expired' : 'ok';
}
