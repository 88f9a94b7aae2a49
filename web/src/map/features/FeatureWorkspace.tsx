/** Feature selection, drawing, editing and the feature panel of spec 3 §2. */
export function FeatureWorkspace() {
  return null;
}
