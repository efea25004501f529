// Read-only detail fields of the admin modal (product.md#screens: "Detail fields read-only"): a
// description list, so each value is read out with its label, and nothing looks editable.
import { useId, type ReactNode } from 'react';
import { DASH } from './format';

export interface FieldRow {
  label: string;
  value: ReactNode;
  /** long text (a description, an explanation): the whole width, not one of two columns */
  full?: boolean;
}

export function Fields({ rows, wide = false }: { rows: FieldRow[]; wide?: boolean }) {
  return (
    <dl className={`admin-fields${wide ? ' admin-fields--wide' : ''}`}>
      {rows.map((row) => (
        <div className={`admin-fields__row${row.full ? ' admin-fields__row--full' : ''}`} key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of the modal; h3 under the dialog's title. */
export function Section({ title, children, level = 3 }: { title: string; children: ReactNode; level?: 3 | 4 }) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className={`admin-section admin-section--${level}`} aria-labelledby={id}>
      <Heading id={id} className="admin-section__title">{title}</Heading>
      {children}
    </section>
  );
}

/** product.md#screens: languages as tags, or a dash when there are none. */
export function Tags({ items }: { items: readonly string[] }) {
  const shown = items.map((item) => item.trim()).filter(Boolean);
  if (!shown.length) return <>{DASH}</>;
  return (
    <ul className="admin-tags">
      {shown.map((item) => <li key={item} className="admin-tag">{item}</li>)}
    </ul>
  );
}
