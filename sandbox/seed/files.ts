import { md5Hex } from '../core/crypto';
import type { StoredFile, StoredObject } from '../core/db';
import { fmt } from '../core/time';
import { USER } from './ids';

/** A one-page PDF, built with correct xref offsets so viewers open it. */
export function tinyPdf(lines: string[]): Buffer {
  const text = lines
    .map((l, i) => `BT /F1 18 Tf 60 ${760 - i * 28} Td (${l.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const SEED_FILES = {
  calendar: 'seed/2026春季校历.pdf',
  internship: 'seed/实习报告模板.txt',
  checklist: 'seed/期中教学检查表.txt',
} as const;

function object(key: string, data: Buffer, contentType: string, now: Date): StoredObject {
  const md5 = md5Hex(data);
  return { key, contentType, size: data.length, declaredMd5: md5, md5, data: data.toString('base64'), uploadedAt: fmt(now) };
}

export function objects(now: Date): Record<string, StoredObject> {
  const list = [
    object(SEED_FILES.calendar, tinyPdf(['2026 Spring Semester Calendar', 'Week 1: 2026-02-23', 'Final exams: 2026-06-29']), 'application/pdf', now),
    object(SEED_FILES.internship, Buffer.from('实习报告模板\n\n一、实习单位\n二、实习内容\n三、实习体会\n', 'utf8'), 'text/plain; charset=utf-8', now),
    object(SEED_FILES.checklist, Buffer.from('期中教学检查表\n\n1. 教学进度\n2. 作业批改\n3. 听课记录\n', 'utf8'), 'text/plain; charset=utf-8', now),
  ];
  return Object.fromEntries(list.map((o) => [o.key, o]));
}

export function storedFiles(now: Date): StoredFile[] {
  const objs = objects(now);
  const rec = (id: string, key: string, name: string, extension: string): StoredFile => ({
    userFileId: id, fileId: `file-${id}`, userId: USER.t1001, name, extension, size: objs[key]!.size, path: key, creationTime: fmt(now),
  });
  return [
    rec('3a11e000-0000-4000-8000-000000000001', SEED_FILES.calendar, '2026春季校历.pdf', 'pdf'),
    rec('3a11e000-0000-4000-8000-000000000002', SEED_FILES.internship, '实习报告模板.txt', 'txt'),
    rec('3a11e000-0000-4000-8000-000000000003', SEED_FILES.checklist, '期中教学检查表.txt', 'txt'),
  ];
}

export function fileTypes(): { suffix: string; suffixMsg: string }[] {
  return [
    { suffix: 'docx', suffixMsg: 'Word 文档' },
    { suffix: 'xlsx', suffixMsg: 'Excel 表格' },
    { suffix: 'pptx', suffixMsg: 'PPT 演示文稿' },
    { suffix: 'txt', suffixMsg: '文本文档' },
  ];
}

/** Extensions online-view can preview (file-type-view answers them comma-separated). */
export function previewable(): string[] {
  return ['pdf', 'txt', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'];
}
