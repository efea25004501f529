// Real flows through the API for tests: a visitor reports, staff publish. Nothing is inserted
// behind the API's back, so the tests exercise what users do.
import { kindOfSegment, routes, type ProfileSegment } from '../shared/contract/routes';
import type { Client } from './test-support';

export interface Reported { id: number }

export async function reportProfile(client: Client, kind: ProfileSegment, body: Record<string, unknown>): Promise<number> {
  const res = await client.post(routes.profiles.create[kindOfSegment(kind)].path(), { name: 'Test Person', ...body });
  if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function reportIncident(client: Client, kind: ProfileSegment, profileId: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post(routes.incidents.submit[kindOfSegment(kind)].path({ id: profileId }), { description: 'Took the money and ran', lostAmount: '1000', ...body });
  if (res.status !== 201) throw new Error(`incident failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** A verified profile with approved incidents, made the way users and staff make it. */
export async function publishedProfile(
  visitor: Client, staff: Client, kind: ProfileSegment,
  profile: Record<string, unknown>, incidents: Record<string, unknown>[] = [{}],
): Promise<{ id: number; incidentIds: number[] }> {
  const id = await reportProfile(visitor, kind, profile);
  const incidentIds: number[] = [];
  for (const incident of incidents) incidentIds.push(await reportIncident(visitor, kind, id, incident));
  await expectOk(staff.post(routes.profiles.verify[kindOfSegment(kind)].path({ id })));
  for (const incidentId of incidentIds) await expectOk(staff.post(routes.incidents.approve.path({ id: incidentId })));
  return { id, incidentIds };
}

export async function expectOk(req: PromiseLike<{ status: number; body: unknown }>) {
  const res = await req;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
}
