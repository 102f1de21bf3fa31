import { useEffect, useState } from 'react';
import { Badge, Button, CloseButton, Form } from 'react-bootstrap';
import { FaChevronDown, FaChevronUp } from 'react-icons/fa6';
import {
  ASSET_CATEGORIES,
  PID_LIMITS,
  staticPropertyFields,
  tagKey,
  type LegendData,
  type SketchElement,
  type SymbolImage,
  type TagLookupEntry,
} from '@penstock/shared';
import type { SketchEditor } from '../state/useSketchEditor.ts';
import { pidItemInfo, suggestedTag, taggedPrefix } from '../state/pidItems.ts';
import { CommitField } from './CommitField.tsx';
import { LinePropertiesForm } from './LinePropertiesForm.tsx';
import { StaticPropertyFields } from './StaticPropertyFields.tsx';
import { TAG_MARK_COLOURS, type TagMark } from './PidOverlay.tsx';

const CLASS_OPTIONS = [...new Set(ASSET_CATEGORIES.map((category) => category.name))];

/** What the tag check says, in words. */
function TagCheck({ mark, entry }: { mark: TagMark | undefined; entry: TagLookupEntry | undefined }) {
  if (!mark) return null;
  const where = entry?.objects.map((object) => `${object.fileName} (${object.category})`).join(', ');
  const text =
    mark === 'duplicate'
      ? 'used twice in this sketch'
      : mark === 'different class' && where
        ? `different class: ${where}`
        : mark;
  return (
    <div className="small mt-1 d-flex flex-wrap align-items-center gap-1" data-testid="tag-check">
      <Badge bg="" style={{ background: TAG_MARK_COLOURS[mark] }}>
        {text}
      </Badge>
      {entry && entry.register.length > 0 && <Badge bg="info">in asset register</Badge>}
    </div>
  );
}

function SymbolForm({
  image,
  editor,
  legend,
  mark,
  entry,
  projectTags,
}: {
  image: SymbolImage;
  editor: SketchEditor;
  legend: LegendData | undefined;
  mark: TagMark | undefined;
  entry: TagLookupEntry | undefined;
  projectTags?: ((prefix: string) => Promise<string[]>) | undefined;
}) {
  const info = pidItemInfo(image);
  // the project's tags of this symbol's prefix, so Suggest gives the project's next free number
  const prefix = taggedPrefix(image);
  const [taken, setTaken] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    if (prefix && projectTags) void projectTags(prefix).then((tags) => live && setTaken(tags));
    return () => {
      live = false;
    };
  }, [prefix, projectTags]);
  const suggestion = suggestedTag(image, editor.lists, editor.pid, taken);
  const change = (next: Partial<SymbolImage>) => editor.update({ ...image, ...next });
  const fields = staticPropertyFields(info.group, info.name, legend?.staticPropertyGuide ?? []);
  return (
    <>
      <p className="small text-secondary mb-2">{info.group || 'Symbol'}</p>
      <Form.Group className="mb-2" controlId="pid-item-tag">
        <Form.Label className="small mb-0">Tag</Form.Label>
        <div className="d-flex gap-1">
          <CommitField
            size="sm"
            value={image.tag ?? ''}
            maxLength={PID_LIMITS.maxTagLength}
            placeholder={suggestion}
            onCommit={(tag) => change({ tag: tag.trim() || undefined })}
          />
          <Button
            size="sm"
            variant="outline-secondary"
            title="Use the next free tag of the numbering pattern in the sketch and the project"
            onClick={() => change({ tag: suggestion })}
          >
            Suggest
          </Button>
        </div>
        <TagCheck mark={mark} entry={entry} />
      </Form.Group>
      <Form.Group className="mb-2" controlId="pid-item-class">
        <Form.Label className="small mb-0">Class</Form.Label>
        <CommitField
          size="sm"
          value={info.itemClass}
          maxLength={PID_LIMITS.maxClassLength}
          list="pid-class-options"
          accept={(itemClass) => itemClass.trim() !== ''}
          onCommit={(itemClass) => change({ itemClass: itemClass.trim() })}
        />
        <datalist id="pid-class-options">
          {CLASS_OPTIONS.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      </Form.Group>
      <Form.Group className="mb-2" controlId="pid-item-description">
        <Form.Label className="small mb-0">Description</Form.Label>
        <CommitField
          size="sm"
          value={image.props?.Description ?? ''}
          maxLength={500}
          onCommit={(description) => {
            const props = { ...image.props };
            if (description.trim()) props.Description = description.trim();
            else delete props.Description;
            change({ props });
          }}
        />
      </Form.Group>
      <StaticPropertyFields
        fields={fields}
        values={image.props ?? {}}
        onChange={(props) => change({ props })}
      />
    </>
  );
}

/**
 * The properties of the one selected symbol, pipeline or signal line (issue 37 §2), over the canvas's
 * right side: tag (with its check), class and static properties; line data for a pipeline.
 */
export function PidPropertiesPane({
  editor,
  legend,
  marks,
  lookup,
  side = 'right',
  projectTags,
}: {
  editor: SketchEditor;
  legend: LegendData | undefined;
  marks: ReadonlyMap<string, TagMark>;
  lookup: ReadonlyMap<string, TagLookupEntry>;
  /** the project's tags in use for a prefix (models, asset register, other sketches) */
  projectTags?: (prefix: string) => Promise<string[]>;
  /** the side of the canvas it sits on: away from the selected item */
  side?: 'left' | 'right';
}) {
  // folded to its title bar, it leaves the canvas under it free
  const [folded, setFolded] = useState(false);
  if (editor.selected.size !== 1) return null;
  const [id] = [...editor.selected];
  const element: SketchElement | undefined = editor.elements.find((candidate) => candidate.id === id);
  if (!element || (element.tool !== 'image' && element.tool !== 'pipeline' && element.tool !== 'signal'))
    return null;
  const title =
    element.tool === 'image'
      ? pidItemInfo(element).name
      : element.tool === 'pipeline'
        ? `Pipeline ${element.line.lineNumber}`.trim()
        : 'Signal line';
  return (
    <aside className={`sketch-properties sketch-properties-${side} card shadow-sm`} aria-label="Properties">
      <div className="card-header py-1 px-2 d-flex align-items-center gap-2">
        <h2 className="h6 mb-0 flex-grow-1 text-truncate" title={title}>
          {title}
        </h2>
        <Button
          size="sm"
          variant="link"
          className="p-0 text-secondary"
          aria-label={folded ? 'Show the properties' : 'Fold the properties'}
          aria-expanded={!folded}
          onClick={() => setFolded(!folded)}
        >
          {folded ? <FaChevronDown /> : <FaChevronUp />}
        </Button>
        <CloseButton aria-label="Close the properties" onClick={() => editor.select([])} />
      </div>
      <div className="card-body p-2" hidden={folded}>
        {element.tool === 'image' ? (
          <SymbolForm
            key={element.id}
            image={element}
            editor={editor}
            legend={legend}
            mark={marks.get(element.id)}
            entry={element.tag ? lookup.get(tagKey(element.tag)) : undefined}
            projectTags={projectTags}
          />
        ) : (
          <LinePropertiesForm
            key={element.id}
            line={element}
            legend={legend}
            onChange={(line) => editor.update(line)}
          />
        )}
      </div>
    </aside>
  );
}
