import type { IconType } from 'react-icons';
import {
  FaCompassDrafting,
  FaCube,
  FaFile,
  FaFileExcel,
  FaFileImage,
  FaFilePdf,
} from '../../../components/shellIcons.ts';

const ICONS: Record<string, { icon: IconType; tone: string }> = {
  ifc: { icon: FaCube, tone: 'file-icon-model' },
  ifczip: { icon: FaCube, tone: 'file-icon-model' },
  pdf: { icon: FaFilePdf, tone: 'file-icon-pdf' },
  xlsx: { icon: FaFileExcel, tone: 'file-icon-sheet' },
  xls: { icon: FaFileExcel, tone: 'file-icon-sheet' },
  csv: { icon: FaFileExcel, tone: 'file-icon-sheet' },
  png: { icon: FaFileImage, tone: 'file-icon-image' },
  jpg: { icon: FaFileImage, tone: 'file-icon-image' },
  jpeg: { icon: FaFileImage, tone: 'file-icon-image' },
  dwg: { icon: FaCompassDrafting, tone: 'file-icon-drawing' },
  dxf: { icon: FaCompassDrafting, tone: 'file-icon-drawing' },
};

/** An icon by file type (extension without the dot, any case). */
export function FileIcon({ fileType, className = '' }: { fileType: string; className?: string }) {
  const entry = ICONS[fileType.toLowerCase().replace(/^\./, '')];
  const Icon = entry?.icon ?? FaFile;
  return (
    <Icon
      className={`file-icon ${entry?.tone ?? 'file-icon-other'} ${className}`}
      aria-hidden="true"
      data-file-type={fileType.toLowerCase() || 'file'}
    />
  );
}
