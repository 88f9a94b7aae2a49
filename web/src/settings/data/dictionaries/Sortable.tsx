import type { ReactNode } from 'react';
import { Box, IconButton } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useIntl } from 'react-intl';

/** What a row needs to offer a drag handle. */
export interface DragHandleProps {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  isDragging: boolean;
}

interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** Readable name of an item, for the screen reader announcements. */
  getLabel: (item: T) => string;
  /** Called with the ids in their new order after a move. */
  onReorder: (ids: string[], from: number, to: number) => void;
  children: (item: T, handle: DragHandleProps | null, index: number) => ReactNode;
  /** Read-only lists render the rows without handles. */
  disabled?: boolean;
}

/**
 * A vertical list reordered by dragging a handle, with the mouse, touch or the keyboard (focus the
 * handle, Space, arrows, Space; Escape cancels). Announcements are translated.
 */
export function SortableList<T>({ items, getId, getLabel, onReorder, children, disabled }: SortableListProps<T>) {
  const intl = useIntl();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const nameOf = (id: UniqueIdentifier | undefined) => {
    const item = items.find((i) => getId(i) === id);
    return item ? getLabel(item) : '';
  };
  const say = (id: string, values: Record<string, string>) => intl.formatMessage({ id }, values);
  const announcements: Announcements = {
    onDragStart: ({ active }) => say('app.dictionary.drag.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? say('app.dictionary.drag.over', { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? say('app.dictionary.drag.dropped', { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => say('app.dictionary.drag.cancelled', { name: nameOf(active.id) }),
  };

  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    const next = [...ids];
    next.splice(from, 1);
    next.splice(to, 0, String(active.id));
    onReorder(next, from, to);
  };

  if (disabled)
    return (
      <>
        {items.map((item, index) => (
          <Box key={getId(item)}>{children(item, null, index)}</Box>
        ))}
      </>
    );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: intl.formatMessage({ id: 'app.dictionary.drag.instructions' }) },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableRow key={getId(item)} id={getId(item)}>
            {(handle) => children(item, handle, index)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, children }: { id: string; children: (handle: DragHandleProps) => ReactNode }) {
  const intl = useIntl();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: intl.formatMessage({ id: 'app.dictionary.drag.role' }) },
  });
  return (
    <Box
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ position: 'relative', zIndex: isDragging ? 2 : 'auto', opacity: isDragging ? 0.85 : 1 }}
    >
      {children({ setActivatorNodeRef, attributes, listeners, isDragging })}
    </Box>
  );
}

/** The grip a row is dragged by; a real button so the keyboard reaches it. */
export function DragHandle({ handle, label, testId }: { handle: DragHandleProps; label: string; testId?: string }) {
  return (
    <IconButton
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      size="small"
      data-testid={testId}
      sx={{ cursor: handle.isDragging ? 'grabbing' : 'grab', touchAction: 'none', color: 'text.secondary' }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
}
