/** Accessible, stateless primitives. They render what they are given and know nothing of data. */
export { Alert } from './Alert.tsx';
export { Avatar } from './Avatar.tsx';
export { Badge, type BadgeVariant } from './Badge.tsx';
export { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Dialog } from './Dialog.tsx';
export { EmptyState } from './EmptyState.tsx';
export { focusableWithin, trapTab } from './focus.ts';
export { Icon, type IconName } from './Icon.tsx';
export { LabelChip, type LabelChipProps } from './LabelChip.tsx';
export { Loading } from './Loading.tsx';
export { isPlainLeftClick } from './navigation.ts';
export { Pagination } from './Pagination.tsx';
export { QueryLink, type QueryLinkProps } from './QueryLink.tsx';
export { type TabItem, Tabs, tabId } from './Tabs.tsx';
export { TOAST_DURATION_MS, type ToastItem, ToastRegion } from './ToastRegion.tsx';
export { Tooltip } from './Tooltip.tsx';
export { PRODUCT_NAME, useDocumentTitle } from './useDocumentTitle.ts';
