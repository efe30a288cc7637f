#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A newcomer's path, run as written: the commands of README.md, docs/fit.md
and docs/servo.md, in that order, in one scratch directory.

  test_doc_examples.py BIN_DIR PYTHON

Each page's commands come from its fenced blocks:
  - console blocks: the lines after "$ " (a line ending in a backslash goes on
    with the next); the lines after a command, up to the next command, are its
    expected stdout, compared line by line when there are any;
  - sh blocks: the lines that start with "fricore " (make lines are the
    build's own, not an example);
  - python blocks: run whole with PYTHON, after the page's commands.
A comment "# the core's N words" (or "N parameter words") on a line is
checked too: N lines of words, or len(words) == N.

The scratch directory holds examples/ (a link to the repository's) and
build/bin (a link to BIN_DIR), so that build/bin/fricore and examples/...
resolve as they do in a clone, and every output lands in the scratch copy.
BIN_DIR is also on PATH, for the pages that say "fricore". Every command must
exit 0, and a warning it writes must be quoted on its page (a newcomer is
told to expect it); each command is listed as it runs.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

PAGES = ["README.md", "docs/fit.md", "docs/servo.md"]
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = re.compile(r"#.*the core's (\d+) (?:parameter )?words")


def blocks(text):
    """(language, [lines]) of each fenced block."""
    out, lang, cur = [], None, None
    for line in text.splitlines():
        m = re.match(r"^```(\w*)\s*$", line)
        if m and cur is None:
            lang, cur = m.group(1), []
        elif line.startswith("```") and cur is not None:
            out.append((lang, cur))
            cur = None
        elif cur is not None:
            cur.append(line)
    return out


def commands(page):
    """[(kind, text, expected stdout lines, words count or None)]"""
    with open(os.path.join(TOP, page), encoding="utf-8") as f:
        text = f.read()
    cmds = []
    for lang, lines in blocks(text):
        if lang == "console":
            i = 0
            while i < len(lines):
                line = lines[i]
                if not line.startswith("$ "):
                    i += 1
                    continue
                cmd = line[2:]
                while cmd.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    cmd = cmd[:-1] + " " + lines[i].strip()
                i += 1
                expect = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    expect.append(lines[i])
                    i += 1
                cmds.append(("sh", cmd, expect))
        elif lang == "sh":
            cmds += [("sh", ln, []) for ln in lines if ln.startswith("fricore ")]
        elif lang == "python":
            cmds.append(("python", "\n".join(lines), []))
    return cmds


def main():
    bindir, python = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    fails = total = 0
    with tempfile.TemporaryDirectory(prefix="fricore-docs-") as d:
        os.symlink(os.path.join(TOP, "examples"), os.path.join(d, "examples"))
        os.makedirs(os.path.join(d, "build"))
        os.symlink(bindir, os.path.join(d, "build", "bin"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
        for page in PAGES:
            cmds = commands(page)
            with open(os.path.join(TOP, page), encoding="utf-8") as f:
                page_text = f.read()
            # a page's python runs after its commands (it reads what they wrote)
            cmds.sort(key=lambda c: c[0] == "python")
            for kind, cmd, expect in cmds:
                if kind == "sh" and cmd.split()[0] == "make":
                    continue
                total += 1
                argv = ["bash", "-eo", "pipefail", "-c", cmd] if kind == "sh" else [python, "-c", cmd]
                m = WORDS.search(cmd)
                if kind == "python" and m:
                    argv[-1] = cmd + "\nassert len(words) == %s, len(words)\n" % m.group(1)
                t0 = time.monotonic()
                r = subprocess.run(argv, cwd=d, env=env, capture_output=True, text=True, timeout=600)
                why = []
                if r.returncode != 0:
                    why.append("status %d" % r.returncode)
                # a warning is part of what the page shows: its text is on the page
                for w in re.findall(r"warning: (.*)", r.stderr):
                    if w not in page_text:
                        why.append("a warning the page does not show: %s" % w)
                if kind == "sh" and expect and r.stdout.splitlines() != expect:
                    why.append("stdout %r, the page shows %r" % (r.stdout.splitlines()[:8], expect))
                if kind == "sh" and m:
                    n = sum(1 for ln in r.stdout.splitlines() if ln.strip() and not ln.startswith("//"))
                    if n != int(m.group(1)):
                        why.append("%d words, the page says %s" % (n, m.group(1)))
                label = "%s: %s" % (page, cmd.splitlines()[0] if kind == "sh" else "python block")
                if why:
                    fails += 1
                    print("FAIL %s: %s\n%s" % (label, "; ".join(why), r.stderr.strip()[:600]))
                else:
                    print("ok   %s (%.1f s)" % (label, time.monotonic() - t0))
    print("%d of %d doc examples ran as written" % (total - fails, total))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
