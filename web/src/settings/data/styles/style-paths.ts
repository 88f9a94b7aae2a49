import type { StyleItem } from '../../../api/styles';

export const STYLES_PATH = '/settings/data/style';
export const STYLE_EDIT_PATH = '/settings/data/style/edit';

/** The editor receives its style through navigation state, not the path (spec 2 §2). */
export interface StyleEditState {
  style?: StyleItem;
}

/** "CSS" or "SLD" for a style's format. */
export const styleFormatLabelId = (format: StyleItem['format']) =>
  format === 'xml' ? 'app.data.style.format.sld' : 'app.data.style.format.css';
