// The login screen of product.md#screens-login ("Login screen"), product.md#states (idle → submitting → redirect or idle with an
// error), product.md#validation (validation in order, no request when it fails) and product.md#errors (its messages): branded as an
// access-restricted system. A signed-in user who opens it is told who they are and led on.
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { loginFormSchema } from '../../../shared/contract/auth';
import { useCurrentUser } from '../../state/current-user';
import { Field } from '../../ui/Field';
import { goTo, nextPath, submitLogin } from './login';
import './login.css';

export interface LoginPageProps {
  /** after a successful sign-in; the default is a full page load of next (product.md#screens) */
  onSignedIn?: (next: string) => void;
}

type LoginField = 'username' | 'password';

/** What both credential inputs share: typed as they are, never corrected or capitalised. */
const credentialInput = {
  className: 'text-input login__input',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

export function LoginPage({ onSignedIn = goTo }: LoginPageProps) {
  const id = useId();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const status = useCurrentUser((s) => s.status);
  const user = useCurrentUser((s) => s.user);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** counts submits: the error box is mounted afresh each time, so a repeated message is announced again */
  const [attempt, setAttempt] = useState(0);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<LoginField | null>(null);

  // the field to fix gets focus once it is enabled again (inputs are disabled while submitting),
  // in the same commit that shows the error: a screen reader meets both together, and nothing
  // typed in between goes elsewhere
  useLayoutEffect(() => {
    if (submitting || !focusAfter.current) return;
    const input = focusAfter.current === 'password' ? passwordInput.current : usernameInput.current;
    focusAfter.current = null;
    input?.focus();
    input?.select();
  }, [submitting, attempt]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setAttempt((n) => n + 1);
    setError(null); // product.md#states: cleared at each new submit
    // product.md#validation, in this order: a blank or whitespace-only username, then a blank password
    const form = loginFormSchema.safeParse({ username, password, next });
    if (!form.success) {
      const issue = form.error.issues[0];
      setError(issue?.message ?? null);
      focusAfter.current = issue?.path[0] === 'password' ? 'password' : 'username';
      return;
    }
    setSubmitting(true);
    const outcome = await submitLogin(form.data);
    if (outcome.success) {
      onSignedIn(form.data.next);
      return; // the page is being replaced; 'Authenticating...' stays until it is
    }
    setError(outcome.error);
    focusAfter.current = 'password';
    setSubmitting(false);
  }

  const signedIn = status === 'known' && user.is_authenticated && !submitting;
  const errorId = `${id}-error`;

  return (
    <section className="login" aria-labelledby={`${id}-title`}>
      <div className="login__card">
        <div className="login__masthead">
          <img className="login__logo" src="/static/logo.svg" alt="Bustr" width="64" height="64" />
          <h1 id={`${id}-title`} className="login__title">Authorized Users Only</h1>
          <p className="login__subtitle">Bustr registry · staff access</p>
          <SecureBadge />
        </div>

        {signedIn ? (
          <div className="login__body login__signed-in">
            <p>
              You are signed in as <strong>{user.username || 'a user'}</strong>
              {user.is_staff ? ' (staff)' : ''}.
            </p>
            {/* a full page load, as after signing in */}
            <a className="button login__submit" href={next}>Continue</a>
          </div>
        ) : (
          <form className="login__body" onSubmit={(e) => void submit(e)} noValidate aria-busy={submitting}>
            {error ? (
              <div key={attempt} id={errorId} role="alert" className="login__error">
                <WarningIcon />
                <span>{error}</span>
              </div>
            ) : null}

            {/* the error is the whole form's (product.md#errors names no field): both fields are described by it */}
            <Field label="Username" id={`${id}-username`} describedBy={error ? errorId : undefined}>
              {(control) => (
                <input
                  {...control}
                  ref={usernameInput}
                  name="username"
                  {...credentialInput}
                  placeholder="Enter username"
                  autoComplete="username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  disabled={submitting}
                />
              )}
            </Field>

            <Field label="Password" id={`${id}-password`} describedBy={error ? errorId : undefined}>
              {(control) => (
                <div className="login__password">
                  <input
                    {...control}
                    ref={passwordInput}
                    name="password"
                    type={showPassword ? 'text' : 'password'}
                    {...credentialInput}
                    placeholder="Enter password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    disabled={submitting}
                  />
                  {/* product.md#states: the toggle switches masked and plain text */}
                  <button
                    type="button"
                    className="login__toggle"
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    aria-controls={control.id}
                    onClick={() => setShowPassword((v) => !v)}
                    disabled={submitting}
                  >
                    {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                  </button>
                </div>
              )}
            </Field>

            <button type="submit" className="button button--accent login__submit" disabled={submitting}>
              {submitting ? (
                <>
                  <span className="login__spinner" aria-hidden="true" />
                  Authenticating...
                </>
              ) : (
                'ACCESS SYSTEM'
              )}
            </button>
          </form>
        )}

        <ul className="login__notes">
          <li><WarningIcon />Unauthorized access is strictly prohibited</li>
          <li><EyeIcon />All activities are monitored and logged</li>
        </ul>
      </div>
    </section>
  );
}

/**
 * product.md#purpose: a 'CONNECTION SECURE' badge. It is a claim, so it is only made when it holds: the
 * page is a secure context (HTTPS, or this machine). Over plain HTTP to another host it says so.
 */
function SecureBadge() {
  const insecure = typeof window !== 'undefined' && window.isSecureContext === false;
  return insecure ? (
    <span className="login__badge login__badge--insecure">CONNECTION NOT SECURE</span>
  ) : (
    <span className="login__badge">
      <LockIcon />
      CONNECTION SECURE
    </span>
  );
}

const iconProps = {
  width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2,
  strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false,
} as const;

function LockIcon() {
  return (
    <svg {...iconProps} width={14} height={14}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function EyeIcon() {
  return (
    <svg {...iconProps}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 3 2 21h20L12 3Z" />
      <path d="M12 10v5M12 18h.01" />
    </svg>
  );
}
