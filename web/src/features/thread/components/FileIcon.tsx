import { FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { fileIconOf } from '../utils/imageFiles';

export interface FileIconProps {
  readonly extension: string;
}

export function FileIcon({ extension }: FileIconProps) {
  switch (fileIconOf(extension)) {
    case 'word':
      return <FileWordOutlined aria-hidden />;
    case 'pdf':
      return <FilePdfOutlined aria-hidden />;
    case 'excel':
      return <FileExcelOutlined aria-hidden />;
    case 'image':
      return <FileImageOutlined aria-hidden />;
    default:
      return <FileOutlined aria-hidden />;
  }
}
