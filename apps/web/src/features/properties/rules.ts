/**
 * Which properties the panel shows and how (spec 1, §2 'Properties panel', §9 display precision): the shared
 * pure rules, in one place for the panel.
 */
export {
  formatPropertyValue,
  groupByCategory,
  isLinkProperty,
  isShownProperty,
  linkLabel,
} from '@penstock/shared';
