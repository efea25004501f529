// The configuration's registry (issue 21): DATABASE_URL puts the registry on PostgreSQL; without it
// the SQLite file of DATABASE_PATH, as before (README's quick start); a URL of another kind stops
// the start with a message that names the variable and never repeats the value.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_PATH, loadConfig, registryTarget, registryTargetOf, testConfig } from './config';

describe('DATABASE_URL', () => {
  it('when it is unset or empty, then the registry is DATABASE_PATH\'s SQLite file, data/registry.sqlite by default', () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(registryTarget(loadConfig({}))).toBe('data/registry.sqlite');
    expect(DEFAULT_DATABASE_PATH).toBe('data/registry.sqlite');
    expect(registryTarget(loadConfig({ DATABASE_URL: '', DATABASE_PATH: '/srv/bustr.sqlite' }))).toBe('/srv/bustr.sqlite');
    expect(registryTarget(loadConfig({ DATABASE_URL: '  ' }))).toBe('data/registry.sqlite');
    expect(testConfig().DATABASE_URL).toBeUndefined();
  });

  it('when it is a postgres:// or postgresql:// URL, then the registry is that database and DATABASE_PATH is not the registry', () => {
    const url = 'postgres://bustr:secret@db.internal:5432/bustr';
    const config = loadConfig({ DATABASE_URL: url, DATABASE_PATH: '/srv/bustr.sqlite' });
    expect(config.DATABASE_URL).toBe(url);
    expect(registryTarget(config)).toBe(url);
    expect(registryTarget(loadConfig({ DATABASE_URL: 'postgresql://localhost/bustr' }))).toBe('postgresql://localhost/bustr');
    expect(registryTarget(loadConfig({ DATABASE_URL: 'POSTGRES://localhost/bustr' }))).toBe('POSTGRES://localhost/bustr');
  });

  it('when it is not a postgres URL, then the start stops with a message naming DATABASE_URL, without the value (it may hold a password)', () => {
    for (const wrong of ['mysql://root:hunter2@localhost/bustr', 'data/registry.sqlite', 'hunter2', 'postgres:/hunter2']) {
      let message = '';
      try {
        loadConfig({ DATABASE_URL: wrong });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, wrong).toMatch(/^Invalid configuration:\n {2}DATABASE_URL: .*postgres:\/\/ \(or postgresql:\/\/\) URL/);
      expect(message, wrong).not.toContain('hunter2');
    }
  });

  it('when a command-line tool reads the environment, then it finds the registry the server would, and only the registry\'s settings are checked', () => {
    expect(registryTargetOf({})).toBe('data/registry.sqlite');
    expect(registryTargetOf({ DATABASE_PATH: '' })).toBe('data/registry.sqlite');
    expect(registryTargetOf({ DATABASE_PATH: 'x.sqlite' })).toBe('x.sqlite');
    expect(registryTargetOf({ DATABASE_PATH: 'x.sqlite', DATABASE_URL: 'postgres://h/db' })).toBe('postgres://h/db');
    // a bad PORT is the server's business, not npm run user's
    expect(registryTargetOf({ PORT: 'not a port', DATABASE_PATH: 'x.sqlite' })).toBe('x.sqlite');
    expect(() => registryTargetOf({ DATABASE_URL: 'sqlite://x' })).toThrow(/DATABASE_URL: .*postgres:\/\//);
  });

  it('keeps every other option and its default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', DATABASE_PATH: 'data/registry.sqlite', SEED_DEMO: true, CLIENT_DIST: 'dist' });
  });
});

describe('PUBLIC_URL', () => {
  it('when it is an http(s) origin, then it is kept as that origin; unset or empty, there is none', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Bustr.Example/' }).PUBLIC_URL).toBe('https://bustr.example');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: ' ' }).PUBLIC_URL).toBeUndefined();
  });

  it('when it is more or other than an origin, then the start stops with a message naming PUBLIC_URL', () => {
    for (const wrong of ['bustr.example', 'ftp://bustr.example', 'https://bustr.example/registry', 'https://bustr.example/?a=1', 'https://me:pw@bustr.example']) {
      expect(() => loadConfig({ PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL: .*origin/);
    }
  });
});
