// Subcommand lex: runs hclsyntax's scanner (LexConfig, or LexTemplate with --template) on files and
// prints one JSON line per file with the token stream and the lexical diagnostics, for the lexer's
// golden tests.
//
//	reference lex [--template] [--hash] [--root DIR] FILE...
//
// Each line is {"file", "tokens": [[TYPE, BEGIN, END], ...], "diags": [{"summary", "detail",
// "start", "end"}]}; with --hash "tokens" is replaced by "count" and "fnv" (FNV-1a 64, hex, of the
// text "TYPE BEGIN END\n" for each token in order) to keep golden files small. TYPE is hclschema's
// TokenType name. FILE is printed relative to --root when given. Byte offsets are file offsets.
//
// hclschema follows today's HCL, which scans "::" as one token; the 2.14 scanner gives two colons,
// so adjacent colon pairs are merged here (main mode is the only mode that produces colons).
//
//	reference lex --unicode-classes
//
// prints, for every code point above U+007F, which runs of code points the scanner treats as
// identifier starts ("s"), identifier continuations only ("c") or neither, as JSON lines
// [FIRST, LAST, CLASS] of maximal runs (class "n" runs are omitted).
package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

var tokenNames = map[hclsyntax.TokenType]string{
	hclsyntax.TokenOBrace:          "o_brace",
	hclsyntax.TokenCBrace:          "c_brace",
	hclsyntax.TokenOBrack:          "o_brack",
	hclsyntax.TokenCBrack:          "c_brack",
	hclsyntax.TokenOParen:          "o_paren",
	hclsyntax.TokenCParen:          "c_paren",
	hclsyntax.TokenOQuote:          "o_quote",
	hclsyntax.TokenCQuote:          "c_quote",
	hclsyntax.TokenOHeredoc:        "o_heredoc",
	hclsyntax.TokenCHeredoc:        "c_heredoc",
	hclsyntax.TokenStar:            "star",
	hclsyntax.TokenSlash:           "slash",
	hclsyntax.TokenPlus:            "plus",
	hclsyntax.TokenMinus:           "minus",
	hclsyntax.TokenPercent:         "percent",
	hclsyntax.TokenEqual:           "equal",
	hclsyntax.TokenEqualOp:         "equal_op",
	hclsyntax.TokenNotEqual:        "not_equal",
	hclsyntax.TokenLessThan:        "less_than",
	hclsyntax.TokenLessThanEq:      "less_than_eq",
	hclsyntax.TokenGreaterThan:     "greater_than",
	hclsyntax.TokenGreaterThanEq:   "greater_than_eq",
	hclsyntax.TokenAnd:             "and_op",
	hclsyntax.TokenOr:              "or_op",
	hclsyntax.TokenBang:            "bang",
	hclsyntax.TokenDot:             "dot",
	hclsyntax.TokenComma:           "comma",
	hclsyntax.TokenEllipsis:        "ellipsis",
	hclsyntax.TokenFatArrow:        "fat_arrow",
	hclsyntax.TokenQuestion:        "question",
	hclsyntax.TokenColon:           "colon",
	hclsyntax.TokenTemplateInterp:  "template_interp",
	hclsyntax.TokenTemplateControl: "template_control",
	hclsyntax.TokenTemplateSeqEnd:  "template_seq_end",
	hclsyntax.TokenQuotedLit:       "quoted_lit",
	hclsyntax.TokenStringLit:       "string_lit",
	hclsyntax.TokenNumberLit:       "number_lit",
	hclsyntax.TokenIdent:           "ident",
	hclsyntax.TokenComment:         "comment",
	hclsyntax.TokenNewline:         "newline",
	hclsyntax.TokenEOF:             "eof",
	hclsyntax.TokenBitwiseAnd:      "bitwise_and",
	hclsyntax.TokenBitwiseOr:       "bitwise_or",
	hclsyntax.TokenBitwiseNot:      "bitwise_not",
	hclsyntax.TokenBitwiseXor:      "bitwise_xor",
	hclsyntax.TokenStarStar:        "star_star",
	hclsyntax.TokenApostrophe:      "apostrophe",
	hclsyntax.TokenBacktick:        "backtick",
	hclsyntax.TokenSemicolon:       "semicolon",
	hclsyntax.TokenTabs:            "tabs",
	hclsyntax.TokenInvalid:         "invalid",
	hclsyntax.TokenBadUTF8:         "bad_utf8",
	hclsyntax.TokenQuotedNewline:   "quoted_newline",
}

type lexToken struct {
	name       string
	begin, end int
}

type lexLine struct {
	File   string          `json:"file"`
	Tokens [][]interface{} `json:"tokens,omitempty"`
	Count  int             `json:"count,omitempty"`
	Fnv    string          `json:"fnv,omitempty"`
	Diags  []lexDiag       `json:"diags"`
}

type lexDiag struct {
	Summary string `json:"summary"`
	Detail  string `json:"detail"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
}

func convertTokens(tokens hclsyntax.Tokens) ([]lexToken, error) {
	out := make([]lexToken, 0, len(tokens))
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		name, ok := tokenNames[t.Type]
		if !ok {
			return nil, fmt.Errorf("unknown token type %v", t.Type)
		}
		begin, end := t.Range.Start.Byte, t.Range.End.Byte
		if t.Type == hclsyntax.TokenColon && i+1 < len(tokens) && tokens[i+1].Type == hclsyntax.TokenColon && tokens[i+1].Range.Start.Byte == end {
			name, end = "double_colon", tokens[i+1].Range.End.Byte
			i++
		}
		out = append(out, lexToken{name, begin, end})
	}
	return out, nil
}

func lexUnicodeClasses() int {
	// A code point starts an identifier when it alone lexes as one ident token; it continues one
	// when "a" followed by it lexes as one ident token.
	isIdent := func(src []byte) bool {
		toks, _ := hclsyntax.LexConfig(src, "", hcl.InitialPos)
		return len(toks) == 2 && toks[0].Type == hclsyntax.TokenIdent && toks[0].Range.End.Byte == len(src)
	}
	class := func(r rune) byte {
		var buf [5]byte
		n := utf8.EncodeRune(buf[1:], r)
		if isIdent(buf[1 : 1+n]) {
			return 's'
		}
		buf[0] = 'a'
		if isIdent(buf[:1+n]) {
			return 'c'
		}
		return 'n'
	}
	enc := json.NewEncoder(os.Stdout)
	first, cur := rune(0x80), class(0x80)
	flush := func(last rune) {
		if cur != 'n' {
			enc.Encode([]interface{}{first, last, string(cur)})
		}
	}
	for r := rune(0x81); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // not encodable as UTF-8; both sides treat them as neither
		}
		c := class(r)
		if c != cur {
			flush(r - 1)
			first, cur = r, c
		}
	}
	flush(utf8.MaxRune)
	return 0
}

func runLex(args []string) int {
	template, hash, root := false, false, ""
	var files []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--template":
			template = true
		case "--hash":
			hash = true
		case "--root":
			i++
			root = args[i]
		case "--unicode-classes":
			return lexUnicodeClasses()
		default:
			files = append(files, args[i])
		}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	status := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			status = 1
			continue
		}
		name := file
		if root != "" {
			if rel, err := filepath.Rel(root, file); err == nil {
				name = rel
			}
		}
		var tokens hclsyntax.Tokens
		var diags hcl.Diagnostics
		if template {
			tokens, diags = hclsyntax.LexTemplate(src, name, hcl.InitialPos)
		} else {
			tokens, diags = hclsyntax.LexConfig(src, name, hcl.InitialPos)
		}
		toks, err := convertTokens(tokens)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", file, err)
			status = 1
			continue
		}
		outDiags := []lexDiag{}
		for _, d := range diags {
			ld := lexDiag{Summary: d.Summary, Detail: d.Detail}
			if d.Subject != nil {
				ld.Start, ld.End = d.Subject.Start.Byte, d.Subject.End.Byte
			}
			outDiags = append(outDiags, ld)
		}
		line := lexLine{File: name, Diags: outDiags}
		if hash {
			h := fnv.New64a()
			for _, t := range toks {
				fmt.Fprintf(h, "%s %d %d\n", t.name, t.begin, t.end)
			}
			line.Count = len(toks)
			line.Fnv = fmt.Sprintf("%016x", h.Sum64())
		} else {
			line.Tokens = make([][]interface{}, len(toks))
			for i, t := range toks {
				line.Tokens[i] = []interface{}{t.name, t.begin, t.end}
			}
		}
		if err := enc.Encode(line); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return status
}

func init() { register("lex", runLex) }
