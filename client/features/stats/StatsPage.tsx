// /stats (issue 20; docs/product.md#screens-stats): the registry in figures, summed from the
// replica on the device, so it works offline and follows every sync. Loaded only when opened
// (client/app/App.tsx), so the first download does not grow.
import { useEffect, useId, useState } from 'react';
import { localDb, useRegistryVersion, visitReplica, type RegistryDb } from '../../local';
import { routes } from '../../../shared/contract/routes';
import { DATA_LICENCE } from '../../../shared/contract/open-data';
import { StatsAccumulator, type RegistryStats } from '../../../shared/domain/registry-stats';
import { LossChart, monthLabel } from './LossChart';
import './stats.css';

interface Sums { version: number; stats: RegistryStats }

/** The last figures summed, by replica: a page opened again at the same version shows them at once. */
const lastSums = new WeakMap<RegistryDb, Sums>();

async function sumReplica(db: RegistryDb): Promise<RegistryStats> {
  const sum = new StatsAccumulator();
  await visitReplica((profile) => sum.add(profile), db);
  return sum.result();
}

const whole = new Intl.NumberFormat('en-US');
const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function StatsPage({ db = localDb }: { db?: RegistryDb }) {
  const version = useRegistryVersion(db);
  // the figures last summed stay on screen while a sync's new ones are summed
  const [sums, setSums] = useState<Sums | 'failed' | null>(() => lastSums.get(db) ?? null);

  useEffect(() => {
    if (lastSums.get(db)?.version === version) return;
    let current = true;
    sumReplica(db).then(
      (stats) => {
        const next = { version, stats };
        lastSums.set(db, next);
        if (current) setSums(next);
      },
      () => { if (current) setSums('failed'); },
    );
    return () => { current = false; };
  }, [db, version]);

  return (
    <section className="page stats" aria-labelledby="stats-title">
      <h1 id="stats-title">Statistics</h1>
      <p className="muted">The verified registry in figures, from the copy on this device: it works offline and follows every sync.</p>
      {sums === null ? <p role="status">Loading statistics…</p> : null}
      {sums === 'failed' ? <p role="alert">The statistics could not be read from this device. Reload the page to try again.</p> : null}
      {sums !== null && sums !== 'failed' ? <Figures stats={sums.stats} /> : null}
      <OpenData />
    </section>
  );
}

function Figures({ stats }: { stats: RegistryStats }) {
  const profiles = stats.scammers + stats.projects;
  if (profiles === 0) return <p>The registry on this device is empty: its statistics appear once it has synced.</p>;
  return (
    <>
      <dl className="stats__totals">
        <div><dt>Profiles</dt><dd>{whole.format(profiles)}</dd><dd className="muted">{whole.format(stats.scammers)} scammers, {whole.format(stats.projects)} projects</dd></div>
        <div><dt>Incidents</dt><dd>{whole.format(stats.incidents)}</dd><dd className="muted">approved and published</dd></div>
        <div><dt>Currencies</dt><dd>{whole.format(stats.losses.length)}</dd><dd className="muted">with a reported loss</dd></div>
      </dl>

      <h2>Reported losses by currency</h2>
      <div className="stats__table-wrap">
        <table className="stats__table">
          <thead><tr><th scope="col">Currency</th><th scope="col" className="num">Reported losses</th><th scope="col" className="num">Incidents</th></tr></thead>
          <tbody>
            {stats.losses.map((l) => (
              <tr key={l.currency}><th scope="row">{l.currency}</th><td className="num">{amount.format(l.total)}</td><td className="num">{whole.format(l.incidents)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>

      <MonthlyLosses stats={stats} />

      <h2>Most common scam types</h2>
      <Ranking rows={stats.scamTypes} label="Scam type" count="Profiles" total={profiles} />

      <h2>Most common identifier kinds</h2>
      <Ranking rows={stats.identifierKinds} label="Identifier kind" count="Identifiers" profilesColumn total={profiles} />
    </>
  );
}

function MonthlyLosses({ stats }: { stats: RegistryStats }) {
  const currencies = stats.losses.map((l) => l.currency).filter((c) => stats.monthly[c]);
  const [chosen, setChosen] = useState(currencies[0] ?? '');
  const currency = currencies.includes(chosen) ? chosen : (currencies[0] ?? '');
  const titleId = useId();
  const selectId = useId();
  const months = stats.monthly[currency];
  if (!months) return null;
  return (
    <>
      <h2 id={titleId}>Reported losses per month, in {currency}</h2>
      {currencies.length > 1 ? (
        <p className="stats__currency">
          <label htmlFor={selectId}>Currency</label>{' '}
          <select id={selectId} value={currency} onChange={(e) => setChosen(e.target.value)}>
            {currencies.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </p>
      ) : null}
      <figure className="stats__chart">
        <LossChart months={months} currency={currency} titleId={titleId} />
        <figcaption className="muted">By the month each incident occurred (or was reported, when its date is unknown); the last {months.length} months with figures.</figcaption>
      </figure>
      <details className="stats__details">
        <summary>Show the months as a table</summary>
        <div className="stats__table-wrap">
          <table className="stats__table">
            <caption className="visually-hidden">Reported losses per month, in {currency}</caption>
            <thead><tr><th scope="col">Month</th><th scope="col" className="num">Reported losses ({currency})</th></tr></thead>
            <tbody>
              {months.map((m) => <tr key={m.month}><th scope="row">{monthLabel(m.month)}</th><td className="num">{amount.format(m.total)}</td></tr>)}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/** A ranking as a table whose rows carry a bar: the chart and its table in one. */
function Ranking({ rows, label, count, profilesColumn = false, total }: {
  rows: { label: string; count: number; profiles: number }[]; label: string; count: string; profilesColumn?: boolean; total: number;
}) {
  const max = Math.max(...rows.map((r) => r.count), 1);
  return (
    <div className="stats__table-wrap">
      <table className="stats__table stats__ranking">
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col" className="num">{count}</th>
            {profilesColumn ? <th scope="col" className="num">Profiles</th> : null}
            <th scope="col" className="stats__bar-col"><span className="visually-hidden">Share</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td className="num">{whole.format(r.count)}</td>
              {profilesColumn ? <td className="num">{whole.format(r.profiles)}</td> : null}
              <td className="stats__bar-col" aria-hidden="true" title={`${Math.round((r.profiles / total) * 100)}% of profiles`}>
                <span className="stats__bar" style={{ width: `${(r.count / max) * 100}%` }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OpenData() {
  return (
    <footer className="stats__open-data">
      <h2>Open data</h2>
      <p>
        The verified registry is open data under <a href={DATA_LICENCE.url} rel="license">{DATA_LICENCE.name}</a>.
        Download it as <a href={routes.openData.exportJson.path()}>JSON</a>, <a href={routes.openData.exportCsv.path()}>CSV</a>{' '}
        or a <a href={routes.openData.exportStix.path()}>STIX 2.1 bundle</a>, follow new entries in the{' '}
        <a href={routes.openData.feed.path()}>Atom feed</a>, or build on the <a href={routes.openData.docs.path()}>API</a>.
      </p>
    </footer>
  );
}
