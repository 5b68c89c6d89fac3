/** Dictionaries used by the seeded forms, and the region tree. */

const dict = (prefix: string, names: string[]): { id: string; name: string }[] =>
  names.map((name, i) => ({ id: `${prefix}-${i + 1}`, name }));

export function dictionaries(): Record<string, { id: string; name: string }[]> {
  return {
    leave_type: dict('leave', ['事假', '病假', '年假', '婚假', '产假', '丧假', '调休']),
    gender: [
      { id: '1', name: '男' },
      { id: '2', name: '女' },
    ],
    nation: dict('nation', ['汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族', '满族', '侗族', '瑶族', '白族', '土家族']),
    purchase_type: dict('purchase', ['办公用品', '教学设备', '实验耗材', '图书资料', '维修服务']),
    seal_type: dict('seal', ['学校公章', '合同专用章', '财务专用章', '校长签名章']),
    political_status: dict('political', ['中共党员', '中共预备党员', '共青团员', '群众']),
    education: dict('edu', ['博士研究生', '硕士研究生', '本科', '专科', '高中及以下']),
    urgency: dict('urgency', ['普通', '紧急', '特急']),
    relation: ['家长', '爸爸', '妈妈', '爷爷', '奶奶', '外公', '外婆'].map((name, i) => ({ id: String(i), name })),
  };
}

export interface RegionNode {
  name: string;
  code: string;
  /** 0 country, 1 province, 2 city, 3 district. */
  leve: number;
  children: RegionNode[];
}

const n = (name: string, code: string, leve: number, children: RegionNode[] = []): RegionNode => ({ name, code, leve, children });

export function areas(): RegionNode[] {
  return [
    n('中国', '100000', 0, [
      n('北京市', '110000', 1, [
        n('北京市', '110100', 2, [n('东城区', '110101', 3), n('西城区', '110102', 3), n('朝阳区', '110105', 3), n('海淀区', '110108', 3)]),
      ]),
      n('广东省', '440000', 1, [
        n('广州市', '440100', 2, [n('越秀区', '440104', 3), n('天河区', '440106', 3), n('番禺区', '440113', 3)]),
        n('深圳市', '440300', 2, [n('福田区', '440304', 3), n('南山区', '440305', 3)]),
      ]),
      n('浙江省', '330000', 1, [
        n('杭州市', '330100', 2, [n('上城区', '330102', 3), n('西湖区', '330106', 3), n('滨江区', '330108', 3)]),
        n('宁波市', '330200', 2, [n('海曙区', '330203', 3), n('鄞州区', '330212', 3)]),
      ]),
    ]),
    n('日本', '392000', 0, [n('东京都', '392100', 1, [n('东京', '392110', 2, [n('新宿区', '392111', 3), n('涩谷区', '392112', 3)])])]),
  ];
}
