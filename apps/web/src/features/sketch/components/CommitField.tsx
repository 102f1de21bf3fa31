import { useState, type ComponentProps } from 'react';
import { Form } from 'react-bootstrap';

type Props = Omit<ComponentProps<typeof Form.Control>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'> & {
  value: string;
  /** called with the typed text when the field is left or Enter is pressed, if it changed */
  onCommit: (value: string) => void;
  /** whether a typed text may be kept; a refused one goes back to the value */
  accept?: (value: string) => boolean;
};

/**
 * A text field that changes the sketch once, when it is left or Enter is pressed (so typing a tag is one
 * undo step, not one per letter); Escape puts the value back.
 */
export function CommitField({ value, onCommit, accept = () => true, ...rest }: Props) {
  const [text, setText] = useState(value);
  // a new value from outside (undo, another item) replaces what was typed
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    if (text === value) return;
    if (accept(text)) onCommit(text);
    else setText(value);
  };
  return (
    <Form.Control
      {...rest}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') setText(value);
      }}
    />
  );
}
