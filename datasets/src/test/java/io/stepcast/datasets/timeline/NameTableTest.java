package io.stepcast.datasets.timeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NameTableTest {
    private static char[] padded(String s, int offset) {
        char[] c = new char[offset + s.length() + 3];
        s.getChars(0, s.length(), c, offset);
        return c;
    }

    @Test
    void equalNamesAreOneStringWhereverTheCharactersLie() {
        NameTable t = new NameTable();
        String a = t.intern(padded("layer1.0.conv1.weight/read", 0), 0, 26);
        String b = t.intern(padded("layer1.0.conv1.weight/read", 7), 7, 26);
        assertThat(a).isEqualTo("layer1.0.conv1.weight/read").isSameAs(b);
        assertThat(t.intern(padded("layer2.0.conv1.weight/read", 2), 2, 26)).isEqualTo("layer2.0.conv1.weight/read")
                .isNotSameAs(a);
        assertThat(t.intern(new char[0], 0, 0)).isEmpty();
        assertThat(t.size()).isEqualTo(3);
    }

    @Test
    void growsPastItsFirstCapacityAndStaysCorrect() {
        NameTable t = new NameTable();
        String[] first = new String[5000];
        for (int i = 0; i < first.length; i++) {
            char[] c = ("node_" + i).toCharArray();
            first[i] = t.intern(c, 0, c.length);
        }
        for (int i = 0; i < first.length; i++) {
            char[] c = ("node_" + i).toCharArray();
            assertThat(t.intern(c, 0, c.length)).isSameAs(first[i]).isEqualTo("node_" + i);
        }
        assertThat(t.size()).isEqualTo(5000);
    }

    @Test
    void startsAfreshWhenFullSoMemoryIsBounded() {
        NameTable t = new NameTable();
        for (int i = 0; i <= NameTable.LIMIT; i++) {
            char[] c = Integer.toString(i).toCharArray();
            assertThat(t.intern(c, 0, c.length)).isEqualTo(Integer.toString(i));
        }
        assertThat(t.size()).isLessThan(NameTable.LIMIT);
        char[] c = "7".toCharArray();
        assertThat(t.intern(c, 0, 1)).isEqualTo("7");
    }

    @Test
    void theHashIsOverTheSliceOnly() {
        char[] a = "xxabcdefghijyy".toCharArray();
        char[] b = "abcdefghij".toCharArray();
        assertThat(NameTable.hash(a, 2, 10)).isEqualTo(NameTable.hash(b, 0, 10));
        assertThat(NameTable.hash(b, 0, 9)).isNotEqualTo(NameTable.hash(b, 0, 10));
    }
}
