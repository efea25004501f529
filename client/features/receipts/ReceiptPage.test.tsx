// /receipts/:token (issue 20) against the real server: a receipt shows its reference and status,
// and follows a moderation decision; a token no submission has shows that, and nothing else.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffClient, visitor } from '../../../server/test-support';
import { resetHttpConfig } from '../../api/http';
import { connectTo, startServer, type RunningServer } from '../../local/test-support';
import { routes } from '../../../shared/contract/routes';
import { createdWithReceiptSchema } from '../../../shared/contract/receipt';
import { ReceiptPage } from './ReceiptPage';

let server: RunningServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
afterEach(() => resetHttpConfig());

function renderAt(path: string) {
  connectTo(server.url);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/receipts/:token" element={<ReceiptPage />} /></Routes>
    </MemoryRouter>,
  );
}

describe('the receipt page', () => {
  it('when a report\'s receipt link opens, then it shows the reference and In review, and Published once staff verify it', async () => {
    const anon = await visitor(server.t.app);
    const { id, receipt } = createdWithReceiptSchema.parse((await anon.post(routes.profiles.create.developer.path(), { name: 'Receipt Person' })).body);
    const first = renderAt(receipt.page);
    await screen.findByText('In review');
    expect(screen.getByText(receipt.reference)).toBeInTheDocument();
    expect(screen.getByText('Report of a scammer')).toBeInTheDocument();
    expect(screen.queryByText('Receipt Person')).not.toBeInTheDocument();
    first.unmount();

    const staff = await staffClient(server.t);
    await staff.post(routes.profiles.verify.developer.path({ id }));
    renderAt(receipt.page);
    await screen.findByText('Published');
  });

  it('when the link is not a receipt\'s, then it says no submission has it', async () => {
    renderAt(`/receipts/${'A'.repeat(43)}`);
    await screen.findByText('No submission has this receipt. Check that the link is complete.');
    expect(screen.queryByText('Reference')).not.toBeInTheDocument();
  });
});
