// /receipts/:token (issue 20; docs/product.md#screens-receipt): the private receipt link of a
// submission. It asks the server what became of it (GET /api/receipts/:token/) and shows the
// status and when it changed, nothing of what was sent. The token stays on this page: the
// server's Referrer-Policy is no-referrer, so no link out of it carries it.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, apiJson } from '../../api/http';
import { routes } from '../../../shared/contract/routes';
import { RECEIPT_KIND_TEXT, RECEIPT_STATUS_TEXT, receiptSchema, type Receipt } from '../../../shared/contract/receipt';
import './receipts.css';

type State = { status: 'loading' } | { status: 'found'; receipt: Receipt } | { status: 'unknown' } | { status: 'failed'; message: string };

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const at = (iso: string) => when.format(new Date(iso));

export function ReceiptPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    apiJson<unknown>(routes.receipts.read.path({ token }), { cache: 'no-store' }).then(
      (body) => { if (current) setState({ status: 'found', receipt: receiptSchema.parse(body) }); },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'unknown' });
        else setState({ status: 'failed', message: error instanceof ApiError && error.status === 0
          ? 'The status can be checked once you are back online.' : 'The status could not be read. Please try again later.' });
      },
    );
    return () => { current = false; };
  }, [token]);

  return (
    <section className="page receipt" aria-labelledby="receipt-title">
      <h1 id="receipt-title">Receipt</h1>
      {state.status === 'loading' ? <p role="status">Checking the status…</p> : null}
      {state.status === 'unknown' ? <p role="alert">No submission has this receipt. Check that the link is complete.</p> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      {state.status === 'found' ? (
        <>
          <dl className="receipt__facts">
            <div><dt>Reference</dt><dd>{state.receipt.reference}</dd></div>
            <div><dt>What</dt><dd>{RECEIPT_KIND_TEXT[state.receipt.kind]}</dd></div>
            <div><dt>Sent</dt><dd>{at(state.receipt.submitted_at)}</dd></div>
            <div>
              <dt>Status</dt>
              <dd><span className={`receipt__status receipt__status--${state.receipt.status}`}>{RECEIPT_STATUS_TEXT[state.receipt.status]}</span></dd>
            </div>
            <div><dt>Last change</dt><dd>{at(state.receipt.changed_at)}</dd></div>
          </dl>
          <p className="muted">Keep this link private: anyone who has it can see this status, but never what you sent.</p>
        </>
      ) : null}
    </section>
  );
}
