// product.md#calls: POST /api/login/, GET /api/accounts/me/, POST /accounts/logout/ and the admin guard
// GET /api/adminpanel/guard/. Login and logout are async (argon2, the data layer), so they do not go
// through a write route; csrfProtection has already checked them like every unsafe method.
import express from 'express';
import { LOGIN_MESSAGES, loginFormSchema, type CurrentUser } from '../../../shared/contract/auth';
import { NUL_MESSAGE } from '../../../shared/contract/common';
import { routes } from '../../../shared/contract/routes';
import type { AppDeps } from '../../deps';
import { setCsrfCookie } from '../../http/csrf';
import { releaseReserve } from '../../db/reserve';
import { dropSessionIfWritableOn, endSessionOn, requireStaff, startSessionOn } from '../../http/session';
import { attemptLogin, recordLogoutOn, throttleMessage } from './service';

export function authRoutes(deps: AppDeps): express.Router {
  const { config, limits } = deps;
  const engine = deps.engine;
  const router = express.Router();

  router.post(routes.auth.login.pattern, async (req, res) => {
    // product.md#entities: the answer is always { success, error }, also for invalid input (first problem
    // only, in product.md#validation order); `next` is validated by the schema (safeNextPath) and never echoed
    const form = loginFormSchema.safeParse(req.body ?? {});
    if (!form.success) {
      const issue = form.error.issues[0];
      // the NUL message names no field by itself (the other answers here come from product.md as they are)
      const error = issue?.message === NUL_MESSAGE ? `${issue.path.join('.')}: ${NUL_MESSAGE}` : issue?.message ?? LOGIN_MESSAGES.fallback;
      res.status(400).json({ success: false, error });
      return;
    }
    const result = await attemptLogin(engine, { username: form.data.username, password: form.data.password, ip: req.ip ?? '' }, Date.now(), limits?.signInFailures ?? null);
    if (!result.ok) {
      if (result.reason === 'throttled') {
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        res.status(429).json({ success: false, error: throttleMessage(result.retryAfterSeconds) });
      } else {
        res.status(400).json({ success: false, error: LOGIN_MESSAGES.invalid });
      }
      return;
    }
    // a session from before sign-in is dropped, never upgraded (session fixation)
    await dropSessionIfWritableOn(engine.db, req);
    // on a full disk the app's SQLite file gives back its reserve so that staff can still sign in
    await startSessionOn(engine.db, config, res, result.user.id, () => Boolean(engine.sqlite && releaseReserve(engine.sqlite)));
    setCsrfCookie(config, res); // as Django: a new anti-forgery token at sign-in
    res.json({ success: true, error: '' });
  });

  router.get(routes.auth.currentUser.pattern, (req, res) => {
    res.setHeader('Cache-Control', 'no-store'); // product.md#calls: no caching
    const body: CurrentUser = req.user
      ? { is_authenticated: true, is_staff: req.user.is_staff, username: req.user.username }
      : { is_authenticated: false, is_staff: false, username: '' };
    res.json(body);
  });

  router.post(routes.auth.logout.pattern, async (req, res) => {
    if (req.user) await recordLogoutOn(engine.db, req.user);
    await endSessionOn(engine.db, config, req, res);
    res.json({ success: true });
  });

  // product.md#roles: the admin panel renders only after this succeeds; 401 anonymous, 403 non-staff
  router.get(routes.auth.adminGuard.pattern, (req, res) => {
    const user = requireStaff(req);
    res.json({ ok: true, username: user.username });
  });

  return router;
}
