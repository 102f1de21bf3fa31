// The P&ID legend feature: the legend modal and symbol library of the engineering apps, and the keys the
// sketch editor opens (Fluid Codes key, Static Property Options).
export { FluidCodesModal } from './components/FluidCodesModal.tsx';
export { PidLegendModal } from './components/PidLegendModal.tsx';
export {
  NO_STATIC_PROPERTY_RESULTS,
  StaticPropertyOptionsModal,
  filterStaticProperties,
} from './components/StaticPropertyOptionsModal.tsx';
export { SymbolLibraryModal } from './components/SymbolLibraryModal.tsx';
export { copyText, useCopy } from './hooks/useCopy.ts';
export { useLegend } from './hooks/useLegend.ts';
export { fetchLegend, legendKey } from './api.ts';
