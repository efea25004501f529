// The admin panel against the REAL server (no mocks of our own server): the guard, the five
// pending lists of a seeded database, decisions that change rows, and the spec's alerts when the
// server refuses. A second staff member (supertest) acts in between where a test needs a refusal.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { seedDemo } from '../../../server/demo/seeding';
import { makeTestApp, MEMBER, memberClient, STAFF, staffClient, visitor, type Client } from '../../../server/test-support';
import { publishedProfile, reportIncident, reportProfile } from '../../../server/test-flows';
import { caseId } from '../../../shared/domain/case-id';
import { refreshCsrf } from '../../api/csrf';
import { apiJson } from '../../api/http';
import { connectTo, disconnect, startServer, type RunningServer } from '../../local/test-support';
import { AdminPanelPage } from './AdminPanelPage';
import { routes } from '../../../shared/contract/routes';

let server: RunningServer;

beforeEach(async () => {
  const t = makeTestApp();
  seedDemo(t.db, { profiles: 40 });
  server = await startServer(t);
  connectTo(server.url);
});

afterEach(async () => {
  vi.restoreAllMocks();
  disconnect();
  await server.close();
});

/**
 * Signs this client in through the real login call. The account is made the way the tests'
 * server helpers make it (staffClient / memberClient sign in a second, supertest session too,
 * which the tests below use as "another moderator").
 */
async function signIn(as: 'staff' | 'member' = 'staff'): Promise<Client> {
  const other = as === 'staff' ? await staffClient(server.t) : await memberClient(server.t);
  const user = as === 'staff' ? STAFF : MEMBER;
  await refreshCsrf(); // the csrftoken cookie a first page load sets
  const answer = await apiJson<{ success: boolean }>(routes.auth.login.path(), { form: { ...user, next: '/adminpanel/' } });
  expect(answer.success).toBe(true);
  return other;
}

function Where({ name }: { name: string }) {
  const location = useLocation();
  const how = useNavigationType();
  return <p>{`${name} at ${location.pathname}${location.search} by ${how}`}</p>;
}

function renderPanel() {
  return render(
    <MemoryRouter initialEntries={['/somewhere', '/adminpanel/']} initialIndex={1}>
      <Routes>
        <Route path="/" element={<Where name="Home" />} />
        <Route path="/adminpanel" element={<AdminPanelPage />} />
        <Route path="/accounts/login" element={<Where name="Login" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const rows = <T,>(sql: string, ...params: unknown[]) => server.t.db.prepare(sql).all(...params) as T[];
const one = <T,>(sql: string, ...params: unknown[]) => server.t.db.prepare(sql).get(...params) as T;

async function cardsShown() {
  // (its five lists come from the real server: on a machine busy with other tests that took over 8 s once)
  const list = await screen.findByRole('list', { name: 'Requests awaiting review' }, { timeout: 15_000 });
  return within(list).getAllByRole('article');
}

function cardNamed(kind: string, name: string) {
  const card = screen.getAllByRole('article').find((a) =>
    within(a).queryByText(kind, { selector: '.admin-kind' }) && within(a).queryByRole('heading', { name }));
  if (!card) throw new Error(`no ${kind} card for ${name}`);
  return card;
}

async function openDetails(kind: string, name: string) {
  await userEvent.click(within(cardNamed(kind, name)).getByRole('button', { name: 'View Details' }));
  return screen.getByRole('dialog');
}

describe('the guard', { timeout: 20_000 }, () => {
  it('when nobody is signed in, then the panel is never shown and the visitor is sent home, history replaced', async () => {
    renderPanel();
    expect(await screen.findByText('Home at / by REPLACE')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull();
  });

  it('when a signed-in member is not staff, then they are sent home too', async () => {
    await signIn('member');
    renderPanel();
    expect(await screen.findByText('Home at / by REPLACE')).toBeInTheDocument();
  });

  it('when the browser is offline, then the panel says it needs a connection, and loads once the connection returns', async () => {
    await signIn();
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('The admin panel needs a connection to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/^Home at/)).toBeNull();

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    expect(await cardsShown()).not.toHaveLength(0);
  });

  it('when the server does not answer, then it is not taken as a refusal: the panel offers Try again', async () => {
    await signIn();
    await server.stop();
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('The admin panel needs a connection to the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/^Home at/)).toBeNull();
  });
});

describe('moderating on the real server', { timeout: 30_000 }, () => {
  it('when staff open the panel, then the five pending lists show as cards; publishing a New Scammer verifies it and its card leaves', async () => {
    await signIn();
    renderPanel();

    const pending = {
      developers: one<{ n: number }>("SELECT COUNT(*) AS n FROM profiles WHERE kind = 'developer' AND verification_status IN ('unverified', 'pending')").n,
      projects: one<{ n: number }>("SELECT COUNT(*) AS n FROM profiles WHERE kind = 'project' AND verification_status IN ('unverified', 'pending')").n,
      scams: one<{ n: number }>("SELECT COUNT(*) AS n FROM incidents WHERE verification_status = 'pending'").n,
      edits: one<{ n: number }>("SELECT COUNT(*) AS n FROM edit_requests WHERE verification_status = 'pending'").n,
      removals: one<{ n: number }>("SELECT COUNT(*) AS n FROM removal_requests WHERE verification_status = 'pending'").n,
    };
    expect(Object.values(pending).every((n) => n > 0)).toBe(true);
    const total = Object.values(pending).reduce((a, b) => a + b, 0);
    expect(await cardsShown()).toHaveLength(total);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText(/Manage case submissions, additional information and removal requests/)).toBeInTheDocument();
    const byKind = within(screen.getByRole('list', { name: 'Requests by kind' })).getAllByRole('listitem').map((li) => li.textContent);
    for (const kind of ['New Scammer', 'New Project', 'Edit Scammer', 'Edit Scam', 'Remove Scammer', 'Remove Project', 'Remove Scam']) {
      expect(byKind.some((text) => text?.startsWith(`${kind} `))).toBe(true);
    }
    expect(byKind.some((text) => /^New (Scammer|Project) Scam /.test(text ?? ''))).toBe(true);

    const target = one<{ id: number; name: string }>(
      "SELECT id, name FROM profiles WHERE kind = 'developer' AND verification_status = 'unverified' ORDER BY id LIMIT 1",
    );
    const card = cardNamed('New Scammer', target.name);
    expect(card).toHaveTextContent(/Submitted \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M by Anonymous/);
    expect(within(card).getByText('Unverified')).toBeInTheDocument();
    const dialog = await openDetails('New Scammer', target.name);
    expect(within(dialog).getByRole('heading', { level: 2, name: `New Scammer #${target.id}` })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Case' }));

    expect(await screen.findByText(`${target.name} was published to the registry.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(total - 1));
    // the card that had focus is gone: focus lands on the notice above the list
    await waitFor(() => expect(screen.getByText(`${target.name} was published to the registry.`)).toHaveFocus());
    expect(one<{ verification_status: string }>('SELECT verification_status FROM profiles WHERE id = ?', target.id))
      .toEqual({ verification_status: 'verified' });
    expect(rows('SELECT actor, action FROM audit_log WHERE target_id = ? AND action LIKE ?', target.id, 'developer.%'))
      .toEqual([{ actor: STAFF.username, action: 'developer.verify' }]);
  });

  it('when staff select a new scammer and a new scam and confirm Reject selected, then both are rejected in bulk and leave the list', async () => {
    await signIn();
    renderPanel();
    const total = (await cardsShown()).length;
    const scammer = one<{ id: number; name: string }>(
      "SELECT id, name FROM profiles WHERE kind = 'developer' AND verification_status = 'unverified' ORDER BY id LIMIT 1",
    );
    await userEvent.click(within(cardNamed('New Scammer', scammer.name)).getByRole('checkbox', { name: `Select New Scammer ${scammer.name}` }));
    const scamCard = screen.getAllByRole('article').find((a) => /^New (Scammer|Project) Scam$/.test(a.querySelector('.admin-kind')?.textContent ?? ''))!;
    await userEvent.click(within(scamCard).getByRole('checkbox'));
    const bar = screen.getByRole('group', { name: 'Selected requests' });
    expect(bar).toHaveTextContent('2 requests selected');

    await userEvent.click(within(bar).getByRole('button', { name: 'Reject selected' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reject 2 requests?' });
    // issue 18: a reason, kept in the audit log
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'Reason (optional)' }), 'Duplicates of a published case');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reject selected' }));

    expect(await screen.findByText('Rejected 2 requests.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(total - 2));
    expect(screen.queryByRole('group', { name: 'Selected requests' })).toBeNull();
    expect(one<{ verification_status: string }>('SELECT verification_status FROM profiles WHERE id = ?', scammer.id))
      .toEqual({ verification_status: 'rejected' });
    expect(rows<{ action: string; after: string }>("SELECT action, after FROM audit_log WHERE action LIKE '%.bulk_reject' ORDER BY action")
      .map((r) => ({ action: r.action, reason: (JSON.parse(r.after) as { reason: string }).reason })))
      .toEqual([{ action: 'developer.bulk_reject', reason: 'Duplicates of a published case' }, { action: 'incident.bulk_reject', reason: 'Duplicates of a published case' }]);
  });

  it('when staff reject one scam report with a reason, then it is rejected and the audit log keeps the reason', async () => {
    await signIn();
    renderPanel();
    await cardsShown();
    const scamCard = screen.getAllByRole('article').find((a) => /^New (Scammer|Project) Scam$/.test(a.querySelector('.admin-kind')?.textContent ?? ''))!;
    await userEvent.click(within(scamCard).getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog');
    const id = Number(/#(\d+)$/.exec(within(dialog).getByRole('heading', { level: 2 }).textContent ?? '')![1]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reject this scam report?' });
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'Reason (optional)' }), 'No evidence attached');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(one('SELECT verification_status FROM incidents WHERE id = ?', id)).toEqual({ verification_status: 'rejected' });
    const audited = one<{ after: string }>("SELECT after FROM audit_log WHERE action = 'incident.bulk_reject'");
    expect(JSON.parse(audited.after)).toEqual({ ids: [id], reason: 'No evidence attached' });
  });

  it('when more wait than a page holds, then the panel pages through them, and a count chip narrows the list to its kind', async () => {
    const anon = await visitor(server.t.app);
    const profileId = await reportProfile(anon, 'developers', { name: 'Flooded Person' });
    // each its own amount, so each card reads differently
    for (let i = 0; i < 120; i++) await reportIncident(anon, 'developers', profileId, { description: `Flood ${i}`, lostAmount: String(5000 + i) });
    const waiting = one<{ n: number }>(`SELECT (SELECT COUNT(*) FROM incidents WHERE verification_status = 'pending')
      + (SELECT COUNT(*) FROM profiles WHERE verification_status IN ('unverified', 'pending'))
      + (SELECT COUNT(*) FROM edit_requests WHERE verification_status = 'pending')
      + (SELECT COUNT(*) FROM removal_requests WHERE verification_status = 'pending') AS n`).n;
    const other = await signIn();
    renderPanel();
    const first = await cardsShown();
    expect(first).toHaveLength(100);
    const pager = screen.getByRole('navigation', { name: 'Pages of requests' });
    expect(pager).toHaveTextContent(`Page 1 of ${Math.ceil(waiting / 100)} · requests 1–100 of ${waiting}`);
    expect(screen.getByText(`${waiting} requests`)).toBeInTheDocument();
    const firstKeys = first.map((a) => a.textContent);
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent(/Page 2 of/));
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).not.toBe(firstKeys[0]));
    expect(screen.getAllByRole('article').map((a) => a.textContent).filter((t) => firstKeys.includes(t))).toEqual([]);
    const secondKeys = screen.getAllByRole('article').map((a) => a.textContent);
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).toBe(firstKeys[0]));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of requests' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).toBe(secondKeys[0]));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of requests' })).getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).toBe(firstKeys[0]));
    expect(screen.getByRole('navigation', { name: 'Pages of requests' })).toHaveTextContent(/^Page 1 of/);

    const chips = screen.getByRole('list', { name: 'Requests by kind' });
    const scammerScams = one<{ n: number }>(`SELECT COUNT(*) AS n FROM incidents i JOIN profiles p ON p.id = i.profile_id
      WHERE i.verification_status = 'pending' AND p.kind = 'developer'`).n;
    const chip = within(chips).getByRole('button', { name: `New Scammer Scam ${scammerScams}` });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip);
    await waitFor(() => expect(within(chips).getByRole('button', { name: `New Scammer Scam ${scammerScams}` })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByText(`${scammerScams} requests`)).toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Pages of requests' })).toHaveTextContent(/^Page 1 of/);
    await waitFor(() => expect(new Set(screen.getAllByRole('article').map((a) => a.querySelector('.admin-kind')?.textContent))).toEqual(new Set(['New Scammer Scam'])));
    // pressed again: every kind again
    await userEvent.click(within(chips).getByRole('button', { name: `New Scammer Scam ${scammerScams}` }));
    await waitFor(() => expect(screen.getByText(`${waiting} requests`)).toBeInTheDocument());

    // another moderator decides every scam report meanwhile: page 2 is empty, so Refresh shows the one page left
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of requests' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Pages of requests' })).toHaveTextContent(/^Page 2 of/));
    const ids = rows<{ id: number }>("SELECT id FROM incidents WHERE verification_status = 'pending'").map((r) => r.id);
    for (let i = 0; i < ids.length; i += 200) expect((await other.post(routes.incidents.bulkReject.path(), { ids: ids.slice(i, i + 200) })).status).toBe(200);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByText(`${waiting - ids.length} requests`)).toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(waiting - ids.length);
    expect(screen.queryByRole('navigation', { name: 'Pages of requests' })).toBeNull();
  });

  it('when a removal request is processed after the confirmation, then its scammer is deleted', async () => {
    await signIn();
    renderPanel();
    await cardsShown();
    const request = one<{ id: number; developer_id: number; target_name: string }>(
      "SELECT id, developer_id, target_name FROM removal_requests WHERE target_type = 'developer' ORDER BY id LIMIT 1",
    );
    const dialog = await openDetails('Remove Scammer', request.target_name);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Scammer' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(one('SELECT verification_status FROM removal_requests WHERE id = ?', request.id)).toEqual({ verification_status: 'processed' });
    expect(rows('SELECT id FROM profiles WHERE id = ?', request.developer_id)).toEqual([]);
  });
});

describe('the alerts when the server refuses', { timeout: 30_000 }, () => {
  let other: Client;
  /**
   * The target is gone. A removal request can only name what is public (issue 18: anything else
   * is a 404), so a public target is removed through the real calls, and one still awaiting
   * review (as these tests' targets are) is deleted as the removal's processing deletes it.
   */
  async function removedMeanwhile(targetType: 'developer' | 'project' | 'scam', id: number, caseOf: number = id) {
    const table = targetType === 'scam' ? 'incidents' : 'profiles';
    const isPublic = server.t.db.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND verification_status IN ('verified', 'approved')`).get(id);
    if (!isPublic) {
      server.t.db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
      return;
    }
    const asked = await (await visitor(server.t.app)).post(routes.removalRequests.submit.path(), {
      target_type: targetType, [targetType]: id, case_id: caseId(caseOf), full_name: 'Someone Else',
      contact_information: 'someone@example.test', explanation: 'Asked to be removed.',
    });
    expect(asked.status).toBe(201);
    expect((await other.post(routes.removalRequests.process.path({ id: asked.body.id }))).status).toBe(200);
  }

  beforeEach(async () => {
    other = await signIn();
    renderPanel();
    await cardsShown();
  });

  it("when the scammer was removed meanwhile, then Publish Case says 'Verify Scammer failed (404)' and nothing else changes", async () => {
    const target = one<{ id: number; name: string }>(
      "SELECT id, name FROM profiles WHERE kind = 'developer' AND verification_status = 'unverified' ORDER BY id LIMIT 1",
    );
    const dialog = await openDetails('New Scammer', target.name);
    await removedMeanwhile('developer', target.id);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Case' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Verify Scammer failed (404)');
    expect(dialog).toHaveTextContent('was not found');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Publish Case' })).toBeEnabled();
  });

  it("when the project was removed meanwhile, then Send Back to User says 'Reject Project failed (404)'", async () => {
    const target = one<{ id: number; name: string }>(
      "SELECT id, name FROM profiles WHERE kind = 'project' AND verification_status = 'unverified' ORDER BY id LIMIT 1",
    );
    const dialog = await openDetails('New Project', target.name);
    await removedMeanwhile('project', target.id);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Back to User' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send Back to User' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reject Project failed (404)');
  });

  it("when the edit request was already handled, then Confirm Changes says 'Approve failed' with the server's reason", async () => {
    const edit = one<{ id: number; name: string }>(
      "SELECT e.id, p.name FROM edit_requests e JOIN profiles p ON p.id = e.profile_id WHERE e.target_type = 'developer' LIMIT 1",
    );
    const dialog = await openDetails('Edit Scammer', edit.name);
    expect((await other.post(routes.editRequests.reject.path({ id: edit.id }))).status).toBe(200);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Changes' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Approve failed');
    expect(dialog).toHaveTextContent('This edit request was already rejected');
  });

  it("when the removal request was already handled, then Delete Request says 'Reject failed' and Remove Scammer 'Process failed'", async () => {
    const request = one<{ id: number; target_name: string }>(
      "SELECT id, target_name FROM removal_requests WHERE target_type = 'project' LIMIT 1",
    );
    const dialog = await openDetails('Remove Project', request.target_name);
    expect((await other.post(routes.removalRequests.reject.path({ id: request.id }))).status).toBe(200);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Request' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reject failed');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Scammer' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Process failed'));
  });

  it("when the scam was removed meanwhile, then Reject says 'Reject failed'", async () => {
    const scam = one<{ id: number; name: string }>(
      `SELECT i.id, p.name FROM incidents i JOIN profiles p ON p.id = i.profile_id
       WHERE i.verification_status = 'pending' AND p.kind = 'project' ORDER BY i.reported, i.id LIMIT 1`,
    );
    const card = screen.getAllByRole('article').find((a) =>
      within(a).queryByText('New Project Scam') && within(a).queryByRole('heading', { name: scam.name }));
    await userEvent.click(within(card!).getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog');
    const id = Number(/#(\d+)$/.exec(within(dialog).getByRole('heading', { level: 2 }).textContent ?? '')?.[1]);
    await removedMeanwhile('scam', id, 1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reject failed');
  });

  it("when the moderator's staff rights were taken away, then Publish Case says 'Verify Scammer failed (403)'", async () => {
    const target = one<{ id: number; name: string }>(
      "SELECT id, name FROM profiles WHERE kind = 'developer' AND verification_status = 'unverified' ORDER BY id LIMIT 1",
    );
    const dialog = await openDetails('New Scammer', target.name);
    // as `npm run user -- --username staff` without --staff would
    server.t.db.prepare('UPDATE users SET is_staff = 0 WHERE username = ?').run(STAFF.username);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Case' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Verify Scammer failed (403)');
    expect(one('SELECT verification_status FROM profiles WHERE id = ?', target.id)).toEqual({ verification_status: 'unverified' });
  });

  it('when the session ended after the guard passed, then a decision sends the person to sign in again, back to the panel', async () => {
    const target = one<{ id: number; name: string }>(
      "SELECT id, name FROM profiles WHERE kind = 'developer' AND verification_status = 'unverified' ORDER BY id LIMIT 1",
    );
    const dialog = await openDetails('New Scammer', target.name);
    server.t.db.prepare('DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = ?)').run(STAFF.username);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Case' }));

    expect(await screen.findByText('Login at /accounts/login/?next=/adminpanel/ by PUSH')).toBeInTheDocument();
    expect(one('SELECT verification_status FROM profiles WHERE id = ?', target.id)).toEqual({ verification_status: 'unverified' });
  });
});

describe('shared identifiers on the real server', { timeout: 30_000 }, () => {
  it('when a new report names a listed wallet, then its details list the listed profile and the other submission, which opens in the modal', async () => {
    const other = await signIn();
    const anon = await visitor(server.t.app);
    const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const { id: listed } = await publishedProfile(anon, other, 'developers', { name: 'Listed Webster' }, [{ walletAddresses: [wallet] }]);
    const reported = await reportProfile(anon, 'developers', { name: 'Reported Webster' });
    await reportIncident(anon, 'developers', reported, { walletAddresses: [`ethereum:${wallet}@1`] });
    const onListed = await reportIncident(anon, 'developers', listed, { walletAddresses: [wallet.toLowerCase()] });
    renderPanel();
    await cardsShown();

    expect(cardNamed('New Scammer', 'Reported Webster')).toHaveTextContent('1 shared identifier');
    const dialog = await openDetails('New Scammer', 'Reported Webster');
    const shared = within(dialog).getByRole('region', { name: 'Shared identifiers' });
    expect(shared).toHaveTextContent('This Ethereum wallet address is named in 3 reports.');
    expect(within(shared).getByRole('link', { name: 'Listed Webster' })).toHaveAttribute('href', `/?profile=${caseId(listed)}`);

    await userEvent.click(within(shared).getByRole('button', { name: `New Scammer Scam #${onListed}` }));

    expect(within(screen.getByRole('dialog')).getByRole('heading', { level: 2 })).toHaveTextContent(`#${onListed}`);
    expect(within(screen.getByRole('dialog')).getByRole('region', { name: 'Shared identifiers' })).toHaveTextContent('the profile this scam is about');
  });
});
