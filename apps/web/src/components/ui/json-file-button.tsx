import { useRef } from 'react';
import { Button } from './button';

/** A button that picks one JSON file; the same file can be picked again afterwards. */
export function JsonFileButton({
  label,
  onFile,
  disabled,
  testId,
}: {
  label: string;
  onFile(file: File): void;
  disabled?: boolean;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}
