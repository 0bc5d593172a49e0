# Median host wall time and kernel times of each case in each XML given, side by side:
#   python3 medians.py one_?.xml two_?.xml > medians.txt
import sys, xml.etree.ElementTree as ET, collections
rows=collections.OrderedDict()
for f in sys.argv[1:]:
    r=ET.parse(f).getroot()
    for tc in r.iter('testcase'):
        p={x.get('name'):x.get('value') for x in tc.iter('property')}
        key=tc.get('value_param')
        rows.setdefault(key,[]).append((f.split("/")[-1].replace('.xml',''), float(p['median'])*1e-6, p.get('kernel_parts_ms','')))
for k,v in rows.items():
    print(k)
    for f,m,kp in v: print("   %-8s %.4f ms  kernels %s" % (f,m,kp))
