#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Write the lab page: one self-contained HTML file.

    scripts/lab_page.py TEMPLATE CSS JS WASM OUT

Fills TEMPLATE's placeholders: @CSS@ and @JS@ with the style sheet and the
script, @WASM@ with the WebAssembly module in base64 (a data block the script
decodes), and @CSP@ with a Content-Security-Policy that allows exactly those:
the script and the style sheet by their SHA-256, WebAssembly compilation
('wasm-unsafe-eval'), and the page's Worker, which the script makes from a
blob: URL of its own text. Nothing else may load: no other script, style,
image, font, frame or connection. The output is written to a temporary file
and renamed, so it is whole or absent. Exit 0, or 2 on bad input.
"""
import base64
import hashlib
import os
import sys
import tempfile


def csp_hash(text):
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def main(argv):
    if len(argv) != 6:
        print("usage: lab_page.py TEMPLATE CSS JS WASM OUT", file=sys.stderr)
        return 2
    template_path, css_path, js_path, wasm_path, out_path = argv[1:]
    try:
        with open(template_path, encoding="utf-8") as f:
            page = f.read()
        with open(css_path, encoding="utf-8") as f:
            css = f.read()
        with open(js_path, encoding="utf-8") as f:
            js = f.read()
        with open(wasm_path, "rb") as f:
            wasm = f.read()
    except OSError as e:
        print(f"lab_page.py: {e}", file=sys.stderr)
        return 2
    if wasm[:4] != b"\0asm":
        print(f"lab_page.py: {wasm_path} is not a WebAssembly module", file=sys.stderr)
        return 2
    for name, text, end in (("the style sheet", css, "</style"), ("the script", js, "</script")):
        if end in text.lower() or "<!--" in text:
            print(f"lab_page.py: {name} contains '{end}' or '<!--', which would end its element early", file=sys.stderr)
            return 2
    csp = "; ".join([
        "default-src 'none'",
        f"script-src {csp_hash(js)} 'wasm-unsafe-eval'",
        f"style-src {csp_hash(css)}",
        "worker-src blob:",
        "base-uri 'none'",
        "form-action 'none'",
    ])
    parts = {"@CSP@": csp, "@CSS@": css, "@JS@": js, "@WASM@": base64.b64encode(wasm).decode("ascii")}
    for key in parts:
        if page.count(key) != 1:
            print(f"lab_page.py: {template_path} must hold {key} once, holds it {page.count(key)} times", file=sys.stderr)
            return 2
    # one pass, so that no inserted text is searched for placeholders
    out, rest = [], page
    while True:
        at = [(rest.find(k), k) for k in parts if rest.find(k) >= 0]
        if not at:
            break
        i, k = min(at)
        out.append(rest[:i])
        out.append(parts[k])
        rest = rest[i + len(k):]
    out.append(rest)
    d = os.path.dirname(os.path.abspath(out_path))
    fd, tmp = tempfile.mkstemp(prefix=".lab.", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("".join(out))
        os.chmod(tmp, 0o644)
        os.replace(tmp, out_path)
    except BaseException:
        os.unlink(tmp)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
