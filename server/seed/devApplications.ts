/**
 * Demo mode only (never in production): `POST /dev/applications` creates a fresh application and a
 * fresh login for a region, brand, role and status with the seed's own code, so end-to-end tests
 * that change an application never share a seeded user.
 * @example
 * POST /dev/applications {"region":"au","role":"primary","status":"orderVerification"}
 * -> 201 {"email":"primary.f3a9c01d2.au@demo.example", ("otherEmail": the other officer's, with "withSecondary": true)"password":"Fleetform-Demo-1","applicationId":"…","brand":"acme-au","region":"AU","host":"au.localhost","origin":"http://au.localhost:8080"}
 */
import { randomBytes } from 'node:crypto';
import { hasPrototypeSegment, isPrototypeName } from '../../runtime/core/source/pointer';
import { hashPassword } from '../auth';
import type { ServerServices } from '../context';
import { route, type Route, type RouteRequest } from '../plugins/route';
import { allScenarios, brandFor, DEMO_PASSWORD, seedScenario } from './seedAll';
import { statusOrders, type Scenario } from './scenarios';

/** What the endpoint reads from the JSON body. */
export interface FreshApplicationRequest {
  /** Region code (`au`, `nz`). */
  region: string;
  /** Brand id; default: the region's own brand, as the seed picks it. */
  brand?: string;
  role: Scenario['role'];
  /** Main status (`scoreboard.status`) for officers; the calculator application's status for `calculator`. */
  status: string;
  /** Dotted record paths set over the seed's defaults for that status (null removes the path). */
  set?: Record<string, unknown>;
  /** Also create the other officer's login (`<email's key>.secondary@demo.example` or `.primary`, the same password); default: as the seed's scenario. */
  withSecondary?: boolean;
}

const ROLES: readonly Scenario['role'][] = ['primary', 'secondary', 'calculator'];

/**
 * `at` and the key, when the value set at `at` holds a key (at any depth) that is a prototype name
 * (JSON.parse keeps `__proto__` as an own key). A loop, not recursion: a deeply nested body cannot
 * overflow the stack.
 */
function prototypeKeyIn(value: unknown, at: string): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const [key, inner] of Object.entries(node)) {
      if (isPrototypeName(key)) return `${at} (key '${key}')`;
      pending.push(inner);
    }
  }
  return undefined;
}

/** Parses and checks a request against the brands and the flows' statuses; answers the scenario or what is wrong. */
export function freshScenario(services: ServerServices, body: unknown): { scenario: Scenario; brandId: string } | { error: string } {
  const b = (body ?? {}) as Partial<FreshApplicationRequest>;
  const region = String(b.region ?? '').toLowerCase();
  if (!services.brands.all.some((x) => x.region.toLowerCase() === region)) return { error: `no brand in region '${region}'` };
  const brand = b.brand ? services.brands.byId(b.brand) : brandFor(services, region as 'au' | 'nz');
  if (!brand || brand.region.toLowerCase() !== region) return { error: `no brand ${b.brand ?? ''} in region '${region}'` };
  if (!ROLES.includes(b.role as Scenario['role'])) return { error: `role must be one of ${ROLES.join(', ')}` };
  const statuses = new Set(Object.values(statusOrders(services.definitions.defs)).flatMap((o) => o.order));
  if (!statuses.has(String(b.status))) return { error: `unknown status '${b.status}'` };
  if (b.set !== undefined && (typeof b.set !== 'object' || b.set === null || Array.isArray(b.set))) return { error: 'set must be an object of dotted paths' };
  // The record setter refuses them too (writableSegments): refused here, the answer names the path.
  const unsafe = Object.entries(b.set ?? {}).map(([path, value]) => (hasPrototypeSegment(path) ? path : prototypeKeyIn(value, path))).find((p) => p !== undefined);
  if (unsafe !== undefined) return { error: `set: '${unsafe}' is not a record path ('__proto__', 'constructor' and 'prototype' name an object's prototype)` };
  const role = b.role as Scenario['role'];
  const status = String(b.status);
  // The seed's own scenario for that role and status (its record settings, a companion officer) when there is one.
  const like = allScenarios(services).find((s) => s.role === role && s.status === status && s.brand === (region === 'nz' ? 'nz' : 'au'))
    ?? allScenarios(services).find((s) => s.role === role && s.status === status);
  // Short (the reassign form takes e-mails of at most 55 characters): `<role>.f<8 hex>.<region>`.
  const key = `${role}.f${randomBytes(4).toString('hex')}.${region}`;
  return {
    brandId: brand.id,
    scenario: {
      key, brand: region === 'nz' ? 'nz' : 'au', role, status,
      applicationType: like?.applicationType ?? (role === 'calculator' ? 'calculator' : 'vehicle'),
      withSecondary: typeof b.withSecondary === 'boolean' ? b.withSecondary : like?.withSecondary ?? role === 'secondary',
      set: { ...like?.set, ...Object.fromEntries(Object.entries(b.set ?? {}).map(([path, value]) => [path, value === null ? undefined : value])) },
      summary: `fresh ${role} officer, ${region.toUpperCase()}, ${status}`,
    },
  };
}

/** The route serving `POST /dev/applications` (the app registers it in demo mode outside production only). */
export function devApplications(services: ServerServices): Route {
  let passwordHash: Promise<string> | undefined;
  let created = 0;
  const json = ({ fetchAPI }: RouteRequest, status: number, body: unknown) =>
    fetchAPI.Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
  const create = async (hook: RouteRequest): Promise<Response> => {
    if (hook.request.method !== 'POST') return json(hook, 405, { error: 'POST a JSON body' });
    const body: unknown = await hook.request.json().catch(() => undefined);
    const fresh = freshScenario(services, body);
    if ('error' in fresh) return json(hook, 400, { error: fresh.error });
    const brand = services.brands.byId(fresh.brandId)!;
    passwordHash ??= hashPassword(DEMO_PASSWORD);
    const { applicationId, email } = await seedScenario(services, fresh.scenario, brand, created++, await passwordHash);
    // The other officer's login (seedAll.ts names it after the scenario's key), when one was made.
    const otherEmail = fresh.scenario.withSecondary ? email.replace('@', `.${fresh.scenario.role === 'secondary' ? 'primary' : 'secondary'}@`) : undefined;
    return json(hook, 201, { email, ...(otherEmail ? { otherEmail } : {}), password: DEMO_PASSWORD, applicationId, brand: brand.id, region: brand.region, host: brand.hosts[0] ?? 'localhost', origin: brand.publicOrigin });
  };
  return route('dev applications', (path) => path === '/dev/applications', create);
}
