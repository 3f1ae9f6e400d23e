#!/usr/bin/env python3
# Generates the lexer's random differential cases: short inputs built from tokens-to-be that the
# scanner treats specially (template sigils, heredoc markers, line ends, odd bytes), lexed by the
# reference, written as JSON lines {"template", "input", "tokens", "diags"} to stdout.
# The input is a JSON string whose code points U+0000..U+00FF stand for the bytes of the input.
# Usage: make_fuzz.py REFERENCE_BINARY [COUNT] [SEED]   (deterministic for a given seed)
import json
import os
import random
import subprocess
import sys
import tempfile

ATOMS = [
    b'$', b'%', b'{', b'}', b'~', b'"', b'\\', b'\r', b'\n', b'\n', b'a', b'E', b'EOT', b'<<', b'<<-', b'-',
    b'1', b'.', b'e', b'+', b'#', b'/', b'*', b':', b'=', b'!', b'&', b'|', b'\t', b' ', b'  ', b"'", b'`',
    b';', b'^', b'>', b'<', b'_', b'x', b'9', b'E+', b'\x00', b'@', b'${', b'%{', b'$${', b'%%{',
    b'\xc3\xa9', b'\xcc\x81', b'\xff', b'\xc0\x80', b'\xe2\x80\x9c', b'\xc2\xa0', b'\xe3\x80\x80',
    b'\xef\xbb\xbf', b'\xf0\x9f\x98\x80', b'\xf0\x9d\x90\x80', b'\xed\xa0\x80', b'\xf4\x90\x80\x80',
    b'<<EOT\n', b'<<EOT\r\n', b'\nEOT\n', b'\n  EOT  \r\n', b'<<-EOT\n', b'EOT\n', b'"${', b'}"',
    b'%{ if a }', b'%{~ endif ~}', b'\r\n', b'a = ', b'\xe3\x80\x80EOT\n', b'<<A\n', b'A\n', b'/*', b'*/',
    b'//', b'::', b'...', b'1.5e+3',
]


def truncated_utf8(data):
    # hclsyntax's identifier tables accept a lead byte followed by arbitrary bytes in places (a
    # known quirk that hclschema does not copy), so inputs with cut-off sequences are left out.
    i = 0
    while i < len(data):
        c = data[i]
        n = 2 if 0xC0 <= c < 0xE0 else 3 if 0xE0 <= c < 0xF0 else 4 if 0xF0 <= c < 0xF8 else 1
        if any(i + k >= len(data) or not 0x80 <= data[i + k] < 0xC0 for k in range(1, n)):
            return True
        i += n
    return False


def main():
    reference = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20240601)
    cases = []
    while len(cases) < count:
        data = b''.join(rng.choice(ATOMS) for _ in range(rng.randint(1, 40)))
        if not truncated_utf8(data):
            cases.append((len(cases) % 3 == 2, data))
    with tempfile.TemporaryDirectory() as tmp:
        out = []
        for template in (False, True):
            paths = []
            for i, (t, data) in enumerate(cases):
                if t == template:
                    path = os.path.join(tmp, '%d.in' % i)
                    with open(path, 'wb') as f:
                        f.write(data)
                    paths.append((i, path))
            args = [reference, 'lex'] + (['--template'] if template else []) + [p for _, p in paths]
            lines = subprocess.run(args, check=True, capture_output=True).stdout.decode().splitlines()
            for (i, _), line in zip(paths, lines):
                result = json.loads(line)
                out.append((i, {'template': template, 'input': cases[i][1].decode('latin-1'),
                                'tokens': result['tokens'], 'diags': result['diags']}))
    for _, case in sorted(out, key=lambda x: x[0]):
        print(json.dumps(case, separators=(',', ':')))


if __name__ == '__main__':
    main()
