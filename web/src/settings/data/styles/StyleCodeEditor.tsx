import { useEffect, useEffectEvent, useRef } from 'react';
import { Box } from '@mui/material';
import { useTheme, type Theme } from '@mui/material/styles';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { xml } from '@codemirror/lang-xml';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';

interface Props {
  /** The text to show; a different value from outside replaces the document. */
  value: string;
  onChange: (text: string) => void;
  format: 'css' | 'xml';
  readOnly: boolean;
  ariaLabel: string;
  testId?: string;
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const languageOf = (f: Props['format']): Extension => (f === 'xml' ? xml() : css());
/** One Dark in dark mode, the app's paper colours otherwise. */
const themeOf = (theme: Theme): Extension => {
  const d = theme.palette.mode === 'dark';
  return [
    EditorView.theme(
      {
        '&': { height: '100%', fontSize: '13px', backgroundColor: d ? '#1e2421' : theme.palette.background.paper },
        '.cm-scroller': { fontFamily: MONO, lineHeight: 1.55 },
        '.cm-gutters': d
          ? { backgroundColor: '#1a201d' }
          : {
              backgroundColor: theme.palette.grey[50],
              color: theme.palette.text.secondary,
              borderRight: `1px solid ${theme.palette.divider}`,
            },
        '&.cm-focused': { outline: 'none' },
      },
      { dark: d },
    ),
    d ? oneDark : syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  ];
};
const readOnlyOf = (ro: boolean): Extension => [EditorState.readOnly.of(ro), EditorView.editable.of(!ro)];
const attrsOf = (label: string, ro: boolean, testId: string | undefined): Extension =>
  EditorView.contentAttributes.of({
    'aria-label': label,
    'aria-readonly': String(ro),
    'aria-multiline': 'true',
    ...(testId ? { 'data-testid': testId } : {}),
  });

/**
 * CodeMirror 6 with CSS or XML highlighting (spec 2 §2 Styles, style editor), One Dark in dark mode
 * and read-only for users who may not change styles. Tab keeps moving the focus (no tab trap).
 */
export function StyleCodeEditor({ value, onChange, format, readOnly, ariaLabel, testId }: Props) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const compartments = useRef({
    language: new Compartment(),
    theme: new Compartment(),
    readOnly: new Compartment(),
    attrs: new Compartment(),
  });

  // The editor starts from the props of its first render; the effects below keep it up to date.
  const initialState = useEffectEvent(() => {
    const c = compartments.current;
    return EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap]),
        c.language.of(languageOf(format)),
        c.theme.of(themeOf(theme)),
        c.readOnly.of(readOnlyOf(readOnly)),
        c.attrs.of(attrsOf(ariaLabel, readOnly, testId)),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChangeRef.current(u.state.doc.toString());
        }),
      ],
    });
  });
  // The view is made once; the effects below reconfigure it.
  useEffect(() => {
    const editor = new EditorView({ parent: host.current as HTMLDivElement, state: initialState() });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.language.reconfigure(languageOf(format)) });
  }, [format]);
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.theme.reconfigure(themeOf(theme)) });
  }, [theme]);
  useEffect(() => {
    view.current?.dispatch({
      effects: [
        compartments.current.readOnly.reconfigure(readOnlyOf(readOnly)),
        compartments.current.attrs.reconfigure(attrsOf(ariaLabel, readOnly, testId)),
      ],
    });
  }, [readOnly, ariaLabel, testId]);
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <Box
      ref={host}
      data-testid="style-editor"
      sx={{
        height: { xs: 'calc(100dvh - 300px)', sm: 'calc(100dvh - 320px)' },
        minHeight: 280,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        '& .cm-editor': { height: '100%' },
      }}
    />
  );
}
