import { useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { Button } from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { visuallyHidden } from './visually-hidden';

interface HiddenFileInputProps {
  ref: Ref<HTMLInputElement>;
  accept: string;
  testId: string;
  /** Its accessible name, where it has one. */
  label?: string;
  /** Several files may be chosen at once. */
  multiple?: boolean;
  onFiles: (files: FileList | null) => void;
}

/**
 * A file input kept out of sight and out of the tab order: a button or a drop zone opens it. It forgets
 * each choice once reported, so the same file can be chosen again.
 */
export function HiddenFileInput({ ref, accept, testId, label, multiple, onFiles }: HiddenFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple={multiple}
      tabIndex={-1}
      aria-hidden
      aria-label={label}
      style={visuallyHidden as CSSProperties}
      data-testid={testId}
      onChange={(e) => {
        onFiles(e.target.files);
        e.target.value = '';
      }}
    />
  );
}

interface FilePickButtonProps {
  accept: string;
  inputTestId: string;
  inputLabel?: string;
  onFile: (file: File | null) => void;
  buttonTestId: string;
  labelledBy?: string;
  describedBy?: string;
  /** The button's text. */
  children: ReactNode;
}

/** An outlined "choose file" button with its hidden file input; reports the one file chosen. */
export function FilePickButton({
  accept,
  inputTestId,
  inputLabel,
  onFile,
  buttonTestId,
  labelledBy,
  describedBy,
  children,
}: FilePickButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <HiddenFileInput
        ref={inputRef}
        accept={accept}
        testId={inputTestId}
        label={inputLabel}
        onFiles={(files) => onFile(files?.[0] ?? null)}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlinedIcon />}
        onClick={() => inputRef.current?.click()}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={buttonTestId}
      >
        {children}
      </Button>
    </>
  );
}
