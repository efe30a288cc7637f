// SPDX-License-Identifier: Apache-2.0
// The lab page's script (inlined by scripts/lab_page.py). It computes
// nothing itself: every number comes from fricore's C, compiled to
// WebAssembly (cmodel/lab/fric_lab.h). The script builds the command lines
// from the form, runs them (a check on the page's own instance, a run in a
// Worker), shows what the C printed and draws the arrays it kept.
'use strict';

// ---- shared by the page and its worker --------------------------------------

// An instance of the module with the few WASI calls it makes: stdout and
// stderr collected per call, a clock, no files. progress(done) receives
// fric_lab_progress().
async function fricoreInstance(module, progress) {
  const EBADF = 8, ENOSYS = 52, ESPIPE = 70, ENOTCAPABLE = 76;
  let ex = null;
  let out = [], err = [];
  const u8 = () => new Uint8Array(ex.memory.buffer);
  const dv = () => new DataView(ex.memory.buffer);
  const wasi = {
    fd_write(fd, iovs, n, nwritten) {
      if (fd !== 1 && fd !== 2) return EBADF;
      const d = dv();
      let total = 0;
      for (let k = 0; k < n; k++) {
        const p = d.getUint32(iovs + 8 * k, true), len = d.getUint32(iovs + 8 * k + 4, true);
        (fd === 1 ? out : err).push(u8().slice(p, p + len));
        total += len;
      }
      d.setUint32(nwritten, total, true);
      return 0;
    },
    fd_read(fd, iovs, n, nread) { dv().setUint32(nread, 0, true); return fd === 0 ? 0 : EBADF; },
    fd_close() { return 0; },
    fd_seek() { return ESPIPE; },
    fd_fdstat_get(fd, p) {
      if (fd > 2) return EBADF;
      const d = dv();
      d.setUint8(p, 2); // a character device
      d.setUint16(p + 2, 0, true);
      d.setBigUint64(p + 8, 0xffffffffffffffffn, true);
      d.setBigUint64(p + 16, 0xffffffffffffffffn, true);
      return 0;
    },
    fd_fdstat_set_flags() { return 0; },
    fd_prestat_get() { return EBADF; }, // no preopened directory: no file system
    fd_prestat_dir_name() { return EBADF; },
    path_open() { return ENOTCAPABLE; },
    clock_time_get(id, precision, p) {
      dv().setBigUint64(p, BigInt(Math.round(performance.now() * 1e6)), true);
      return 0;
    },
    proc_exit(code) { throw new Error('fricore: exit ' + code); },
  };
  const imports = { env: { fric_lab_progress: (d) => progress(d) }, wasi_snapshot_preview1: {} };
  for (const im of WebAssembly.Module.imports(module))
    if (im.module === 'wasi_snapshot_preview1') imports[im.module][im.name] = wasi[im.name] || (() => ENOSYS);
  ex = (await WebAssembly.instantiate(module, imports)).exports;
  ex._initialize();
  const enc = new TextEncoder(), dec = new TextDecoder();
  const text = (chunks) => {
    let n = 0;
    for (const c of chunks) n += c.length;
    const a = new Uint8Array(n);
    let o = 0;
    for (const c of chunks) { a.set(c, o); o += c.length; }
    return dec.decode(a);
  };
  // call(name, argv, ...more): the C function name(argc, argv, ...more);
  // its status and what it wrote to stdout and stderr
  function call(name, argv, ...more) {
    out = [];
    err = [];
    const ptrs = [];
    for (const s of argv) {
      const b = enc.encode(s);
      const p = ex.malloc(b.length + 1) >>> 0;
      const m = u8();
      m.set(b, p);
      m[p + b.length] = 0;
      ptrs.push(p);
    }
    const av = ex.malloc(4 * ptrs.length + 4) >>> 0;
    const d = dv();
    ptrs.forEach((p, i) => d.setUint32(av + 4 * i, p, true));
    d.setUint32(av + 4 * ptrs.length, 0, true);
    let rc;
    try {
      rc = ex[name](ptrs.length, av, ...more);
    } finally {
      for (const p of ptrs) ex.free(p);
      ex.free(av);
    }
    return { rc, out: text(out), err: text(err) };
  }
  // name(text, len): the C function on a byte string (a parameter file)
  function callText(name, str) {
    out = [];
    err = [];
    const b = enc.encode(str);
    const p = ex.malloc(b.length + 1) >>> 0;
    u8().set(b, p);
    let rc;
    try {
      rc = ex[name](p, b.length);
    } finally {
      ex.free(p);
    }
    return { rc, out: text(out), err: text(err) };
  }
  function run0(name) { out = []; err = []; const rc = ex[name](); return { rc, out: text(out), err: text(err) }; }
  const f64 = (p, n) => (p && n ? new Float64Array(ex.memory.buffer, p >>> 0, n).slice() : new Float64Array(0));
  const i32 = (p, n) => (p && n ? new Int32Array(ex.memory.buffer, p >>> 0, n).slice() : new Int32Array(0));
  return { ex, call, callText, run0, f64, i32 };
}

// The worker: runs fricore sim, then the fixed-point model over its
// velocity record, and sends back what the C printed and kept.
function fricoreWorker() {
  const NSERIES = 7; // FRIC_LAB_T .. FRIC_LAB_F_EXT
  let api = null, current = 0;
  self.onmessage = async (e) => {
    const m = e.data;
    if (m.type === 'init') {
      api = await fricoreInstance(m.module, (d) => self.postMessage({ type: 'progress', id: current, done: d }));
      self.postMessage({ type: 'ready' });
      return;
    }
    current = m.id;
    const t0 = performance.now();
    const r = { type: 'done', id: m.id, sim: api.call('fric_lab_sim', m.argv, m.ts, m.maxPoints) };
    r.msSim = performance.now() - t0;
    const transfer = [];
    if (r.sim.rc === 0) {
      const x = api.ex, np = x.fric_lab_points();
      r.stride = x.fric_lab_stride();
      r.series = [];
      for (let k = 0; k < NSERIES; k++) r.series.push(api.f64(x.fric_lab_series(k), np));
      r.every = x.fric_lab_record_every();
      r.record = api.f64(x.fric_lab_record(), x.fric_lab_record_len());
      if (m.fixedArgv && r.record.length) {
        r.fixed = api.call('fric_lab_fixed', m.fixedArgv, 1);
        if (r.fixed.rc === 0) {
          const n = x.fric_lab_fixed_len();
          r.fixed.code = api.i32(x.fric_lab_fixed_code(), n);
          r.fixed.f = api.f64(x.fric_lab_fixed_force(), n);
          r.fixed.fd = api.f64(x.fric_lab_double_force(), n);
          transfer.push(r.fixed.code.buffer, r.fixed.f.buffer, r.fixed.fd.buffer);
        }
      }
      for (const a of r.series) transfer.push(a.buffer);
      transfer.push(r.record.buffer);
    }
    r.msWorker = performance.now() - t0;
    self.postMessage(r, transfer);
  };
}

// ---- the page ------------------------------------------------------------------

(function () {
  const $ = (id) => document.getElementById(id);
  const idOf = (name) => name.replace(/-/g, '_');
  // samples of the run kept for the plots, the zoom and the CSV, at most
  const MAX_POINTS = 100000;
  // a run taking longer shows its progress and a Cancel button, ms
  const PROGRESS_AFTER_MS = 100;
  // the fixed-point sample time the page starts with, s
  const TS_DEFAULT = '1e-4';
  // fields whose empty value means the command's default (the option is left out)
  const OPTIONAL = new Set(['stick_threshold', 'slip_threshold', 'min_slip_duration', 'fc_neg', 'fs_neg', 'vs_neg', 'b_neg', 'f_max',
    'gms_n', 'gms_k', 'gms_alpha', 'gms_c']);
  // the models with a state: the overlay runs them as fricore trace --fixed
  const DYNAMIC = new Set(['dahl', 'lugre', 'elastoplastic', 'gms']);
  // the models fricore sim runs with the exact step only (it refuses --integrator rk4 for them)
  const EXACT_ONLY = new Set(['elastoplastic', 'gms']);
  const S = { T: 0, X: 1, V: 2, Z: 3, F: 4, F_SPRING: 5, F_EXT: 6 }; // fric_lab.h

  let api = null, module = null, opts = null;
  let simOpts = [], fixedOpts = [], friction = new Set();
  let worker = null, workerReady = null, runId = 0, running = null, progressTimer = 0;
  let last = null, zoom = null, valid = false;
  // for scripts and tests (docs/lab.md): runs counts the runs shown, finished every run that ended
  const lab = (window.fricoreLab = { ready: false, runs: 0, finished: 0, last: null, timing: null });

  function setStatus(text, bad) {
    const s = $('status');
    s.textContent = text;
    s.classList.toggle('bad', !!bad);
  }

  const lines = (s) => s.split('\n').filter((l) => l.trim() !== '');
  const lastLine = (s) => { const l = lines(s); return l.length ? l[l.length - 1] : ''; };
  const warningsOf = (s) => lines(s).filter((l) => / warning: /.test(l));
  const errorsOf = (s) => lines(s).filter((l) => !/ warning: /.test(l));

  // ---- the form and the command lines ----

  function isText(id) { const el = $(id); return el && el.tagName === 'INPUT' && el.type !== 'checkbox'; }
  function model() { return $('model').value; }
  // the command's default for an option as the page enters it ('' for an option left out)
  function defaultText(o) {
    const id = idOf(o.name);
    if (OPTIONAL.has(id) || o.kind === 'flag' || o.default === null) return '';
    if (id === 'ts') return TS_DEFAULT;
    return o.kind === 'double' ? String(Number(o.default)) : o.default;
  }
  // the options of the fields in list, appended to a; a field in mask takes its default
  function fieldArgs(list, a, mask) {
    for (const o of list) {
      const id = idOf(o.name), el = $(id);
      if (!el || el.disabled) continue;
      const masked = mask && mask.has(id);
      if (o.kind === 'flag') { if (el.checked && !masked) a.push('--' + o.name); continue; }
      const v = masked ? defaultText(o) : el.value;
      if (OPTIONAL.has(id) && v.trim() === '') continue;
      a.push('--' + o.name, v);
    }
    return a;
  }
  function simArgv(mask) { return fieldArgs(simOpts, ['fricore', 'sim'], mask); }
  function frictionOpts() { return simOpts.filter((o) => o.name === 'model' || friction.has(o.name)); }
  function fixedCmd() { return DYNAMIC.has(model()) ? 'trace' : 'curve'; }
  function fixedArgv(mask, cmd) {
    const a = fieldArgs(frictionOpts(), ['fricore', cmd || fixedCmd()], mask);
    return fieldArgs(fixedOpts, a, mask);
  }
  function compileArgv() { return fixedArgv(null, 'compile').concat(['--format', $('format').value]); }
  function shellWord(s) { return /^[A-Za-z0-9_.,:=+\/-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'"; }
  const commandLine = (argv) => argv.map(shellWord).join(' ');

  // which fields apply to the model: the friction options fricore sim accepts with it
  function applyModel() {
    const ok = new Set(opts.applies[model()]);
    for (const name of friction) {
      const id = idOf(name), el = $(id);
      if (!el) continue;
      el.disabled = !ok.has(name);
      const lbl = document.querySelector('label[for="' + id + '"]');
      if (lbl) lbl.classList.toggle('off', el.disabled);
    }
  }

  function setDefaults() {
    for (const o of simOpts.concat(fixedOpts)) {
      const el = $(idOf(o.name));
      if (o.kind === 'flag') el.checked = !!o.default;
      else el.value = defaultText(o);
    }
    $('format').value = 'json';
    applyModel();
  }

  // ---- validation: the C's own checks, a red warning beside each field ----

  const leading = (msg) => {
    const m = /^fricore [a-z]+: (?:--)?([a-z][a-z0-9-]*)/.exec(msg);
    return m ? idOf(m[1]) : null;
  };

  // Run check(mask) (a command line with the masked fields at their defaults) until
  // it passes; each refusal is given to the field it names, or else to the
  // first field whose default gets past it, and that field then takes its
  // default so that the next refusal shows. Returns the refusals by field, the warnings of
  // the passing check, and a refusal no single field explains.
  function attribute(check, candidates) {
    const errors = new Map(), mask = new Set();
    let warnings = [], general = '';
    for (let iter = 0; iter <= candidates.length; iter++) {
      const r = check(mask);
      if (r.rc === 0) { warnings = warningsOf(r.err); break; }
      const msg = lastLine(r.err), tok = leading(msg);
      const order = candidates.filter((id) => !mask.has(id) && !$(id).disabled);
      if (tok && order.includes(tok)) { order.splice(order.indexOf(tok), 1); order.unshift(tok); }
      let blamed = null;
      for (const id of order) {
        const r2 = check(new Set(mask).add(id));
        if (r2.rc === 0 || leading(lastLine(r2.err)) !== tok) { blamed = id; break; }
      }
      if (!blamed) { general = msg; break; }
      errors.set(blamed, msg);
      mask.add(blamed);
    }
    return { errors, warnings, general };
  }

  function allFieldIds() {
    return simOpts.concat(fixedOpts).map((o) => idOf(o.name)).filter((id) => $(id));
  }

  function validate() {
    const simIds = simOpts.map((o) => idOf(o.name)).filter(isText);
    const sim = attribute((mask) => api.call('fric_lab_sim_check', simArgv(mask)), simIds);
    let fixed = { errors: new Map(), warnings: [], general: '' };
    if (sim.errors.size === 0 && !sim.general) {
      const fixedIds = fixedOpts.map((o) => idOf(o.name)).filter(isText);
      const frictionIds = frictionOpts().map((o) => idOf(o.name)).filter(isText);
      fixed = attribute((mask) => api.call('fric_lab_fixed', fixedArgv(mask), 0), fixedIds.concat(frictionIds));
    }
    for (const id of allFieldIds()) {
      const msg = sim.errors.get(id) || fixed.errors.get(id) || '';
      const e = $(id + '-error');
      if (e) e.textContent = msg;
      $(id).classList.toggle('invalid', msg !== '');
    }
    $('form-error').textContent = sim.general || fixed.general;
    // the CLI's warnings for the command line as entered (none while a field is refused)
    const ul = $('warnings');
    ul.textContent = '';
    for (const w of sim.errors.size ? [] : sim.warnings) {
      const li = document.createElement('li');
      li.textContent = w;
      if (/not passive/.test(w)) li.dataset.warning = 'passivity';
      else if (/stability estimate/.test(w)) li.dataset.warning = 'rk4-step';
      ul.appendChild(li);
    }
    valid = sim.errors.size === 0 && fixed.errors.size === 0 && !sim.general && !fixed.general;
    $('command').textContent = commandLine(simArgv());
    updateCompile();
    updateButtons();
    return valid;
  }

  function updateCompile() {
    const argv = compileArgv();
    $('compile_command').textContent = commandLine(argv);
    if (!valid) { $('compile_out').textContent = ''; $('compile_error').textContent = ''; return; }
    const r = api.call('fric_cmd_compile', argv);
    $('compile_out').textContent = r.rc === 0 ? r.out : '';
    $('compile_error').textContent = r.rc === 0 ? '' : errorsOf(r.err).join('\n');
  }

  function updateButtons() {
    $('save_params').disabled = !valid || !lab.ready;
    $('calculate').disabled = !valid || !lab.ready;
    $('check_step').disabled = !valid || !lab.ready;
    $('reset').disabled = !lab.ready;
  }

  // ---- the parameter file: read and written by the C (fric_lab_params_load, _save) ----

  // the friction and fixed-point fields from a parameter file's text; the
  // fields it does not name take their defaults. Returns the refusal, or ''.
  function loadParams(textIn) {
    const r = api.callText('fric_lab_params_load', textIn);
    if (r.rc !== 0) return errorsOf(r.err).join('\n');
    const vals = JSON.parse(r.out);
    for (const o of frictionOpts().concat(fixedOpts)) {
      const el = $(idOf(o.name));
      if (o.kind !== 'flag') el.value = defaultText(o);
    }
    for (const name in vals) $(idOf(name)).value = vals[name];
    if (EXACT_ONLY.has(model())) $('integrator').value = 'exact';
    applyModel();
    return '';
  }
  function paramsText() {
    const r = api.call('fric_lab_params_save', fixedArgv(null, fixedCmd()));
    return r.rc === 0 ? r.out : null;
  }
  lab.loadParams = (t) => { const e = loadParams(t); $('params_file-error').textContent = e; validate(); return e; };
  lab.paramsText = () => paramsText();

  // ---- the link: the inputs in the address ----

  function hashParams() {
    const p = new URLSearchParams();
    for (const id of allFieldIds().concat(['format'])) {
      const el = $(id);
      if (el.type === 'checkbox') { if (el.checked) p.set(id, '1'); continue; }
      if (el.value.trim() !== '') p.set(id, el.value);
    }
    return p.toString();
  }
  function writeHash() {
    const h = '#' + hashParams();
    if (location.hash === h) return;
    try { history.replaceState(null, '', h); } catch (e) { location.replace(h); }
  }
  // the inputs of the link; false when it has none
  function readHash() {
    const h = location.hash.replace(/^#/, '');
    if (!h) return false;
    const p = new URLSearchParams(h);
    setDefaults();
    for (const id of allFieldIds()) if (OPTIONAL.has(id)) $(id).value = '';
    const unknown = [], inputs = new Set(allFieldIds().concat(['format']));
    for (const [k, v] of p) {
      const el = inputs.has(k) ? $(k) : null;
      if (!el) { unknown.push(k); continue; }
      if (el.type === 'checkbox') el.checked = v === '1' || v === 'true';
      else el.value = v;
    }
    applyModel();
    $('form-error').textContent = unknown.length ? 'The link names no such input: ' + unknown.join(', ') + ' (ignored).' : '';
    return true;
  }

  // ---- the worker ----

  function startWorker() {
    const src = fricoreInstance.toString() + '\n(' + fricoreWorker.toString() + ')();\n';
    const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    workerReady = new Promise((resolve) => {
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.type === 'ready') resolve();
        else if (m.type === 'progress') { if (running && m.id === running.id) $('progress').value = m.done; }
        else if (m.type === 'done') done(m);
      };
    });
    worker.postMessage({ type: 'init', module });
  }

  function showProgress(on) {
    $('progress').hidden = !on;
    $('cancel').hidden = !on;
  }

  async function calculate(checkStep) {
    if (!validate()) return;
    if (running) cancel();
    const argv = simArgv();
    if (checkStep) argv.push('--check-step');
    const ts = Number($('ts').value.trim());
    const id = ++runId;
    running = { id, t0: performance.now(), argv };
    writeHash();
    $('command').textContent = commandLine(argv);
    $('progress').value = 0;
    clearTimeout(progressTimer);
    progressTimer = setTimeout(() => { if (running && running.id === id) showProgress(true); }, PROGRESS_AFTER_MS);
    setStatus(checkStep ? 'Running fricore sim at dt and at dt/2…' : 'Running fricore sim…');
    await workerReady;
    if (!running || running.id !== id) return;
    worker.postMessage({ type: 'run', id, argv, ts: ts > 0 ? ts : 0, maxPoints: MAX_POINTS, fixedArgv: fixedArgv() });
  }

  function cancel() {
    if (!running) return;
    worker.terminate();
    running = null;
    clearTimeout(progressTimer);
    showProgress(false);
    setStatus('Cancelled; the results shown are those of the last complete run.');
    startWorker();
  }

  function done(r) {
    if (!running || r.id !== running.id) return;
    const t0 = running.t0, argv = running.argv;
    running = null;
    clearTimeout(progressTimer);
    showProgress(false);
    lab.finished++;
    if (r.sim.rc !== 0) {
      $('run_error').textContent = errorsOf(r.sim.err).join('\n');
      setStatus('fricore sim failed (exit status ' + r.sim.rc + '): see the summary.', true);
      return;
    }
    $('run_error').textContent = '';
    const flat = flatten(r.sim.out);
    last = {
      argv, json: r.sim.out, flat, summary: JSON.parse(r.sim.out), stride: r.stride, series: r.series,
      record: r.record, every: r.every, fixed: r.fixed || null,
    };
    lab.last = last;
    zoom = null;
    $('zoom_t0').value = '';
    $('zoom_t1').value = '';
    const t1 = performance.now();
    renderSummary();
    renderFixed();
    drawAll();
    const t2 = performance.now();
    lab.runs++;
    lab.timing = { total_ms: t2 - t0, worker_ms: r.msWorker, sim_ms: r.msSim, draw_ms: t2 - t1,
      c_wall_s: Number(last.summary.integration.wall_time_s) };
    const tm = $('timing');
    tm.dataset.ms = String(t2 - t0);
    tm.textContent = 'Computed and drawn in ' + Math.round(t2 - t0) + ' ms: fricore sim ' + Math.round(r.msSim) +
      ' ms in the C (its integration loop ' + Math.round(1000 * lab.timing.c_wall_s) + ' ms), the fixed-point model ' +
      Math.round(r.msWorker - r.msSim) + ' ms, drawing ' + Math.round(t2 - t1) + ' ms.';
    $('download_csv').disabled = false;
    $('download_json').disabled = false;
    setStatus('Done: ' + commandLine(argv));
  }

  // ---- the summary ----

  // The leaves of a JSON text as [path, the value's text as written, kind];
  // numbers keep the C's digits.
  function flatten(text) {
    const res = [];
    let i = 0;
    const ws = () => { while (i < text.length && /\s/.test(text[i])) i++; };
    const str = () => { const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i)); i += m[0].length; return JSON.parse(m[0]); };
    const val = (path) => {
      ws();
      const c = text[i];
      if (c === '{') {
        i++;
        ws();
        if (text[i] === '}') { i++; return; }
        for (;;) {
          ws();
          const k = str();
          ws();
          i++; // ':'
          val(path ? path + '.' + k : k);
          ws();
          if (text[i++] === '}') return;
        }
      } else if (c === '[') {
        i++;
        ws();
        if (text[i] === ']') { i++; return; }
        for (let n = 0; ; n++) {
          val(path + '.' + n);
          ws();
          if (text[i++] === ']') return;
        }
      } else if (c === '"') {
        res.push([path, str(), 'string']);
      } else {
        const m = /^(?:-?[0-9][0-9.eE+-]*|true|false|null)/.exec(text.slice(i));
        i += m[0].length;
        res.push([path, m[0], /^[tf]/.test(m[0]) ? 'bool' : m[0] === 'null' ? 'null' : 'number']);
      }
    };
    val('');
    return res;
  }

  // which samples a plot of stride k shows: "every sample", "every 2nd sample", "every 501st sample"
  function everyNth(k) {
    if (k <= 1) return 'every sample';
    const tens = k % 100, ones = k % 10;
    const suf = tens >= 11 && tens <= 13 ? 'th' : ones === 1 ? 'st' : ones === 2 ? 'nd' : ones === 3 ? 'rd' : 'th';
    return 'every ' + k + suf + ' sample';
  }

  const LABELS = {
    'model': 'model', 'peak_abs_friction_N': 'peak |F_f| [N]', 'final.t_s': 'final time t [s]',
    'final.x_m': 'final x [m]', 'final.v_m_per_s': 'final v [m/s]', 'final.z_m': 'final z [m]',
    'final.friction_N': 'final F_f [N]', 'stick_threshold_m_per_s': 'stick threshold [m/s]',
    'slip_threshold_m_per_s': 'slip threshold [m/s]', 'min_slip_duration_s': 'minimum slip duration [s]',
    'near_stick_fraction': 'near-stick sample fraction',
    'velocity_reversals': 'velocity reversals (slips opposite to the slip before)',
    'stick_slip.cause': 'why there is no stick–slip',
    'chatter.count': 'chatter in the stick phases (sign changes of v within one step)',
    'chatter.amplitude_m_per_s': 'chatter amplitude [m/s]',
    'chatter.short_excursions': 'excursions above the slip threshold shorter than the minimum',
    'chatter.stick_dt_max_s': 'dt above which the exact step chatters in stick [s]', 'chatter.note': 'chatter',
    'stick_slip.present': 'stick–slip present', 'stick_slip.slips': 'slips (stick-to-slip transitions)',
    'stick_slip.period_s': 'stick–slip period [s]',
    'stick_slip.friction_peak_to_peak_N': 'friction peak to peak over the last cycle [N]',
    'stick_slip.peak_abs_velocity_m_per_s': 'peak |v| over the last cycle [m/s]',
    'energy.input_work_J': 'work of spring and external force [J]',
    'energy.friction_work_J': 'work of friction (dissipated, or stored in the bristles) [J]',
    'energy.kinetic_energy_change_J': 'kinetic energy change [J]', 'energy.residual_J': 'energy balance residual [J]',
    'energy.relative_residual': 'relative residual (|residual| / input work)', 'integration.method': 'integration method',
    'integration.dt_s': 'time step dt [s]', 'integration.steps': 'steps',
    'integration.wall_time_s': 'wall time of the C integration loop [s]',
  };
  // six significant digits, for reading (the cell before holds the C's number)
  function approx(raw, kind) {
    if (kind === 'null') return 'none';
    if (kind !== 'number') return '';
    const x = Number(raw), a = Math.abs(x);
    if (x === 0 || (a >= 1e-3 && a < 1e7)) return String(Number(x.toPrecision(6)));
    return x.toExponential(5).replace(/\.?0+e/, 'e');
  }
  function cell(tr, raw, kind, path, cls) {
    const td = document.createElement('td');
    td.textContent = raw;
    if (path) td.dataset.metric = path;
    if (cls) td.className = cls;
    tr.appendChild(td);
    return td;
  }

  function renderSummary() {
    const tb = $('summary').tBodies[0];
    tb.textContent = '';
    const check = new Map();
    for (const [path, raw, kind] of last.flat) {
      if (path.startsWith('check_step.')) { check.set(path, [raw, kind]); continue; }
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = LABELS[path] || path;
      th.title = path;
      tr.appendChild(th);
      cell(tr, raw, kind, path);
      cell(tr, approx(raw, kind), kind, null, 'approx');
      tb.appendChild(tr);
    }
    const ct = $('check_table').tBodies[0];
    ct.textContent = '';
    const verdict = $('check_verdict');
    $('check_table').hidden = !check.size;
    if (!check.size) {
      verdict.textContent = 'Not checked: select Half-step check to rerun at dt/2.';
      verdict.className = 'verdict';
      delete verdict.dataset.metric;
      return;
    }
    const names = [...new Set([...check.keys()].map((p) => p.split('.')).filter((p) => p[1] === 'metrics').map((p) => p[2]))];
    for (const n of names) {
      const tr = document.createElement('tr');
      const th = document.createElement('td');
      th.textContent = n;
      tr.appendChild(th);
      for (const f of ['value', 'value_half_dt', 'relative_change', 'verdict']) {
        const path = 'check_step.metrics.' + n + '.' + f, v = check.get(path);
        const td = cell(tr, v[0], v[1], path);
        if (f === 'verdict') td.className = v[0] === 'resolved' ? 'ok' : 'bad';
      }
      ct.appendChild(tr);
    }
    const v = check.get('check_step.verdict')[0];
    verdict.textContent = v;
    verdict.dataset.metric = 'check_step.verdict';
    verdict.className = 'verdict ' + (/does not/.test(v) ? 'bad' : 'ok');
    const cap = document.createElement('tr');
    const td = document.createElement('td');
    td.colSpan = 5;
    td.className = 'note';
    td.append('dt/2 = ');
    const a = document.createElement('span');
    a.dataset.metric = 'check_step.dt_half_s';
    a.textContent = check.get('check_step.dt_half_s')[0];
    const b = document.createElement('span');
    b.dataset.metric = 'check_step.tolerance';
    b.textContent = check.get('check_step.tolerance')[0];
    td.append(a, ' s, tolerance ', b);
    cap.appendChild(td);
    ct.appendChild(cap);
  }

  function renderFixed() {
    const tb = $('fixed_summary').tBodies[0];
    tb.textContent = '';
    $('fixed_error').textContent = '';
    $('fixed_warnings').textContent = '';
    const f = last.fixed;
    if (!f) {
      $('fixed_error').textContent = last.record.length ? '' :
        'No velocity record: the sample time t_s is not a whole number of steps of at least dt, or the record would be too long.';
      return;
    }
    for (const w of warningsOf(f.err)) {
      const li = document.createElement('li');
      li.textContent = w;
      $('fixed_warnings').appendChild(li);
    }
    if (f.rc !== 0) { $('fixed_error').textContent = errorsOf(f.err).join('\n'); return; }
    for (const [path, raw, kind] of flatten(f.out)) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = path;
      tr.appendChild(th);
      cell(tr, raw, kind, 'fixed.' + path);
      cell(tr, approx(raw, kind), kind, null, 'approx');
      tb.appendChild(tr);
    }
  }

  // ---- the plots (drawing only: the numbers are the C's) ----

  const W = 720, LEFT = 80, RIGHT = 20, TOP = 34, BOTTOM = 48;
  const COLORS = ['#1f77b4', '#d62728', '#2ca02c'];
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  function niceStep(span, n) {
    const raw = span / n, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
    return p * (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10);
  }
  function axis(lo, hi) {
    const mag = Math.max(Math.abs(lo), Math.abs(hi));
    if (!(hi - lo > 1e-9 * mag)) { const m = mag !== 0 ? 0.1 * mag : 1; lo -= m; hi += m; }
    const step = niceStep(hi - lo, 6);
    return { lo: Math.floor(lo / step) * step, hi: Math.ceil(hi / step) * step, step };
  }
  const tick = (t, step) => (Math.abs(t) < 1e-9 * step ? '0' : String(Number(t.toPrecision(4))));

  // indices i0 <= i < i1 of the samples to draw: at most 2 per pixel column
  // (the least and the greatest y of each), in order
  function pick(y, i0, i1, cols) {
    const n = i1 - i0;
    if (n <= 2 * cols) { const a = []; for (let i = i0; i < i1; i++) a.push(i); return a; }
    const a = [];
    for (let c = 0; c < cols; c++) {
      const b0 = i0 + Math.floor((c * n) / cols), b1 = i0 + Math.floor(((c + 1) * n) / cols);
      let lo = b0, hi = b0;
      for (let i = b0; i < b1; i++) { if (y[i] < y[lo]) lo = i; if (y[i] > y[hi]) hi = i; }
      if (lo === hi) a.push(lo);
      else a.push(Math.min(lo, hi), Math.max(lo, hi));
    }
    return a;
  }

  // one SVG line plot: lines [{x, y, i0, i1, name}], a standalone document
  function plot(id, title, xlabel, ylabel, linesIn, h) {
    const H = h || 300, px0 = LEFT, px1 = W - RIGHT, py0 = H - BOTTOM, py1 = TOP;
    const cols = Math.round(px1 - px0);
    let xl = Infinity, xh = -Infinity, yl = Infinity, yh = -Infinity;
    const picked = linesIn.map((L) => {
      const idx = pick(L.y, L.i0, L.i1, cols);
      for (const i of idx) {
        const x = L.x[i], y = L.y[i];
        if (x < xl) xl = x; if (x > xh) xh = x; if (y < yl) yl = y; if (y > yh) yh = y;
      }
      return idx;
    });
    if (!(xl <= xh)) { xl = 0; xh = 1; yl = 0; yh = 1; }
    if (linesIn.window) { xl = linesIn.window[0]; xh = linesIn.window[1]; }
    const ax = axis(xl, xh), ay = axis(yl, yh);
    const X = (x) => px0 + ((x - ax.lo) / (ax.hi - ax.lo)) * (px1 - px0);
    const Y = (y) => py0 + ((y - ay.lo) / (ay.hi - ay.lo)) * (py1 - py0);
    const s = [];
    s.push('<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + ' ' + H +
      '" font-family="sans-serif" font-size="12" data-plot="' + esc(id) + '">');
    s.push('<rect width="100%" height="100%" fill="white"/>');
    s.push('<text x="' + W / 2 + '" y="20" font-size="14" font-weight="bold" text-anchor="middle">' + esc(title) + '</text>');
    s.push('<g stroke="#e0e0e0" stroke-width="1">');
    for (let t = ax.lo, k = 0; k <= 100 && t <= ax.hi + 1e-9 * ax.step; k++, t = ax.lo + k * ax.step)
      s.push('<line x1="' + X(t).toFixed(2) + '" y1="' + py0 + '" x2="' + X(t).toFixed(2) + '" y2="' + py1 + '"/>');
    for (let t = ay.lo, k = 0; k <= 100 && t <= ay.hi + 1e-9 * ay.step; k++, t = ay.lo + k * ay.step)
      s.push('<line x1="' + px0 + '" y1="' + Y(t).toFixed(2) + '" x2="' + px1 + '" y2="' + Y(t).toFixed(2) + '"/>');
    s.push('</g><g text-anchor="middle">');
    for (let t = ax.lo, k = 0; k <= 100 && t <= ax.hi + 1e-9 * ax.step; k++, t = ax.lo + k * ax.step)
      s.push('<text x="' + X(t).toFixed(2) + '" y="' + (py0 + 16) + '">' + tick(t, ax.step) + '</text>');
    s.push('</g><g text-anchor="end">');
    for (let t = ay.lo, k = 0; k <= 100 && t <= ay.hi + 1e-9 * ay.step; k++, t = ay.lo + k * ay.step)
      s.push('<text x="' + (px0 - 6) + '" y="' + (Y(t) + 4).toFixed(2) + '">' + tick(t, ay.step) + '</text>');
    s.push('</g>');
    s.push('<rect x="' + px0 + '" y="' + py1 + '" width="' + (px1 - px0) + '" height="' + (py0 - py1) + '" fill="none" stroke="black"/>');
    s.push('<text x="' + (px0 + px1) / 2 + '" y="' + (H - 10) + '" text-anchor="middle">' + esc(xlabel) + '</text>');
    s.push('<text transform="translate(16,' + (py0 + py1) / 2 + ') rotate(-90)" text-anchor="middle">' + esc(ylabel) + '</text>');
    s.push('<g class="data" data-x0="' + ax.lo + '" data-x1="' + ax.hi + '" data-y0="' + ay.lo + '" data-y1="' + ay.hi +
      '" data-px0="' + px0 + '" data-px1="' + px1 + '" data-py0="' + py0 + '" data-py1="' + py1 + '">');
    linesIn.forEach((L, k) => {
      const pts = [];
      for (const i of picked[k]) pts.push(X(L.x[i]).toFixed(2) + ',' + Y(L.y[i]).toFixed(2));
      s.push('<polyline fill="none" stroke="' + COLORS[k % COLORS.length] + '" stroke-width="1.2" data-name="' +
        esc(L.name || '') + '" data-points="' + pts.length + '" points="' + pts.join(' ') + '"/>');
    });
    s.push('</g>');
    if (linesIn.length > 1)
      linesIn.forEach((L, k) => {
        const y = TOP + 14 + 16 * k;
        s.push('<line x1="' + (px1 - 170) + '" y1="' + (y - 4) + '" x2="' + (px1 - 150) + '" y2="' + (y - 4) +
          '" stroke="' + COLORS[k % COLORS.length] + '" stroke-width="2"/><text x="' + (px1 - 145) + '" y="' + y + '">' +
          esc(L.name) + '</text>');
      });
    s.push('</svg>');
    $(id).innerHTML = s.join('');
  }

  // the index range of the samples in the zoom window
  function range(t) {
    if (!zoom) return [0, t.length];
    const lower = (v) => { let a = 0, b = t.length; while (a < b) { const m = (a + b) >> 1; if (t[m] < v) a = m + 1; else b = m; } return a; };
    const i0 = Math.max(0, lower(zoom[0]) - 1), i1 = Math.min(t.length, lower(zoom[1]) + 1);
    return [i0, Math.max(i1, Math.min(t.length, i0 + 2))];
  }

  function drawAll() {
    if (!last) return;
    const s = last.series, t = s[S.T], [i0, i1] = range(t);
    const win = (ls) => { if (zoom) ls.window = zoom; return ls; };
    const one = (y, name) => win([{ x: t, y, i0, i1, name }]);
    const mdl = last.summary.model;
    plot('plot_friction', 'Friction force (' + mdl + ')', 'time t [s]', 'friction force F_f [N]', one(s[S.F], 'F_f'));
    plot('plot_velocity', 'Velocity', 'time t [s]', 'velocity v [m/s]', one(s[S.V], 'v'), 240);
    plot('plot_position', 'Displacement', 'time t [s]', 'displacement x [m]', one(s[S.X], 'x'), 240);
    plot('plot_hysteresis', 'Force–displacement loop', 'displacement x [m]', 'friction force F_f [N]',
      [{ x: s[S.X], y: s[S.F], i0, i1, name: 'F_f' }], 420);
    $('plot_note').textContent = 'The plots show ' + everyNth(last.stride) + ' of the run (' + t.length +
      ' samples kept' + (zoom ? '; the time window ' + zoom[0] + ' s to ' + zoom[1] + ' s' : '') +
      '), at most two per pixel column; the CSV holds every kept sample.';
    drawFixed();
  }

  function drawFixed() {
    const f = last.fixed;
    if (!f || f.rc !== 0) { $('plot_fixed').textContent = ''; $('plot_fixed_error').textContent = ''; return; }
    const dt = Number(last.summary.integration.dt_s), n = f.f.length;
    const tr = new Float64Array(n), err = new Float64Array(n);
    const lsb = Number(flatten(f.out).find((e) => e[0] === 'f_lsb')[1]);
    for (let j = 0; j < n; j++) { tr[j] = j * last.every * dt; err[j] = f.code[j] - f.fd[j] / lsb; }
    const [i0, i1] = range(tr);
    const ls = [{ x: tr, y: f.fd, i0, i1, name: 'double precision' }, { x: tr, y: f.f, i0, i1, name: 'fixed point (the core)' }];
    if (zoom) ls.window = zoom;
    plot('plot_fixed', 'Friction force: fixed point on double precision', 'time t [s]', 'friction force [N]', ls);
    const le = [{ x: tr, y: err, i0, i1, name: 'error' }];
    if (zoom) le.window = zoom;
    plot('plot_fixed_error', 'Fixed-point error', 'time t [s]', 'fixed − double [LSB]', le, 240);
  }

  function applyZoom() {
    const a = Number($('zoom_t0').value), b = Number($('zoom_t1').value);
    if (!last) return;
    if ($('zoom_t0').value.trim() === '' || $('zoom_t1').value.trim() === '' || !(a < b)) { zoom = null; }
    else zoom = [a, b];
    drawAll();
  }

  // drag across a time plot to zoom
  function dragZoom(container) {
    let start = null, rect = null;
    const dataX = (svg, clientX) => {
      const g = svg.querySelector('g.data'), r = svg.getBoundingClientRect();
      const px = ((clientX - r.left) / r.width) * W;
      const d = g.dataset;
      return Number(d.x0) + ((px - Number(d.px0)) / (Number(d.px1) - Number(d.px0))) * (Number(d.x1) - Number(d.x0));
    };
    container.addEventListener('mousedown', (e) => {
      const svg = container.querySelector('svg');
      if (!svg || !last) return;
      start = { x: e.clientX, t: dataX(svg, e.clientX) };
      rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      rect.setAttribute('fill', '#3060c0');
      rect.setAttribute('fill-opacity', '0.15');
      rect.setAttribute('y', String(TOP));
      rect.setAttribute('height', String(Number(svg.getAttribute('height')) - TOP - BOTTOM));
      svg.appendChild(rect);
      e.preventDefault();
    });
    container.addEventListener('mousemove', (e) => {
      if (!start) return;
      const svg = container.querySelector('svg'), r = svg.getBoundingClientRect();
      const a = ((Math.min(start.x, e.clientX) - r.left) / r.width) * W, b = ((Math.max(start.x, e.clientX) - r.left) / r.width) * W;
      rect.setAttribute('x', a.toFixed(1));
      rect.setAttribute('width', (b - a).toFixed(1));
    });
    const end = (e) => {
      if (!start) return;
      const svg = container.querySelector('svg'), t = dataX(svg, e.clientX), s0 = start;
      start = null;
      if (rect) rect.remove();
      if (Math.abs(e.clientX - s0.x) < 4) return;
      $('zoom_t0').value = String(Number(Math.min(s0.t, t).toPrecision(6)));
      $('zoom_t1').value = String(Number(Math.max(s0.t, t).toPrecision(6)));
      applyZoom();
    };
    container.addEventListener('mouseup', end);
    container.addEventListener('mouseleave', (e) => { if (start) end(e); });
  }

  // ---- downloads ----

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  function csvText() {
    const s = last.series, n = s[0].length, rows = ['t,x,v,z,F_f,F_spring,F_ext'];
    for (let i = 0; i < n; i++) rows.push([0, 1, 2, 3, 4, 5, 6].map((k) => String(s[k][i])).join(','));
    return rows.join('\n') + '\n';
  }
  lab.csv = () => (last ? csvText() : '');
  lab.svg = (id) => { const svg = $(id).querySelector('svg'); return svg ? svg.outerHTML : ''; };
  lab.simArgv = () => simArgv();
  lab.fixedArgv = () => fixedArgv();
  lab.compileArgv = () => compileArgv();

  // ---- start ----

  async function init() {
    const b64 = $('fricore-wasm').textContent.trim();
    const bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    module = await WebAssembly.compile(bytes);
    api = await fricoreInstance(module, () => {});
    opts = JSON.parse(api.run0('fric_lab_options').out);
    // the options with a control in the form (the outputs, --example and --check-step have none)
    const inForm = (form) => (o) => { const el = $(idOf(o.name)); return el && el.form === $(form); };
    simOpts = opts.sim.filter(inForm('inputs'));
    fixedOpts = opts.fixed.filter(inForm('fixed-inputs'));
    for (const m in opts.applies) for (const n of opts.applies[m]) friction.add(n);
    for (const o of simOpts.concat(fixedOpts)) {
      const id = idOf(o.name), u = document.querySelector('[data-unit="' + id + '"]');
      if (u) u.textContent = (o.unit || '').replace(/\*/g, '·');
      $(id).title = '--' + o.name + (o.alias ? ' (--' + o.alias + ')' : '') + ': ' + o.help;
      $(id).setAttribute('aria-describedby', id + '-error');
    }
    startWorker();
    if (!readHash()) setDefaults();
    lab.ready = true;
    setStatus('Ready: fricore ' + (bytes.length >> 10) + ' KB of WebAssembly (libfricore and the fricore commands).');
    for (const id of allFieldIds().concat(['format'])) {
      $(id).addEventListener('input', () => { if (id === 'model') applyModel(); validate(); });
      $(id).addEventListener('change', () => {
        if (id === 'model') {
          if (EXACT_ONLY.has(model())) $('integrator').value = 'exact';
          applyModel();
        }
        validate();
      });
    }
    $('params_file').addEventListener('change', async () => {
      const f = $('params_file').files[0];
      if (!f) return;
      const t = await f.text();
      $('params_file').value = '';
      lab.loadParams(t);
    });
    $('save_params').addEventListener('click', () => {
      const t = paramsText();
      if (t) download('fricore-params.json', t, 'application/json');
    });
    $('calculate').addEventListener('click', () => calculate(false));
    $('check_step').addEventListener('click', () => calculate(true));
    $('cancel').addEventListener('click', cancel);
    $('reset').addEventListener('click', () => {
      setDefaults();
      $('form-error').textContent = '';
      calculate(false);
    });
    $('inputs').addEventListener('submit', (e) => { e.preventDefault(); if (valid) calculate(false); });
    $('fixed-inputs').addEventListener('submit', (e) => { e.preventDefault(); if (valid) calculate(false); });
    $('zoom_apply').addEventListener('click', applyZoom);
    $('zoom_reset').addEventListener('click', () => { $('zoom_t0').value = ''; $('zoom_t1').value = ''; applyZoom(); });
    for (const id of ['plot_friction', 'plot_velocity', 'plot_position', 'plot_fixed', 'plot_fixed_error']) dragZoom($(id));
    $('download_csv').addEventListener('click', () => download('fricore-lab-run.csv', csvText(), 'text/csv'));
    $('download_json').addEventListener('click', () => download('fricore-lab-summary.json', last.json, 'application/json'));
    for (const id of ['plot_friction', 'plot_velocity', 'plot_position', 'plot_hysteresis', 'plot_fixed', 'plot_fixed_error'])
      $('download_' + id).addEventListener('click', () => { const t = lab.svg(id); if (t) download(id.replace('plot_', 'fricore-lab-') + '.svg', t, 'image/svg+xml'); });
    window.addEventListener('hashchange', () => { if (readHash() && validate()) calculate(false); });
    if (validate()) calculate(false);
  }

  init().catch((e) => setStatus('The C model could not start: ' + e.message, true));
})();
